package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.limiter.internal.Decisions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * An application's test makes a {@link Decision} with its public factories, as the limiters do.
 */
class DecisionTests {

	@Test
	void anAllowedDecisionHoldsTheNumbersGiven() {
		Decision allowed = Decision.allowed(10, 7, 300);
		assertThat(allowed.isAllowed()).isTrue();
		assertThat(allowed.limit()).isEqualTo(10);
		assertThat(allowed.remaining()).isEqualTo(7);
		assertThat(allowed.retryAfter()).isEqualTo(Duration.ZERO);
		assertThat(allowed.resetAfter()).isEqualTo(Duration.ofMillis(300));
		assertThat(allowed.delay()).isEqualTo(Duration.ZERO);
		assertThat(allowed.rate()).isZero();
		assertThat(allowed.isDegraded()).isFalse();
		assertThat(allowed.isLocal()).isFalse();
	}

	@Test
	void aDeniedDecisionHoldsTheNumbersGiven() {
		Decision denied = Decision.denied(10, 0, 2_500, 60_000);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.limit()).isEqualTo(10);
		assertThat(denied.remaining()).isZero();
		assertThat(denied.retryAfter()).isEqualTo(Duration.ofMillis(2_500));
		assertThat(denied.resetAfterMillis()).isEqualTo(60_000);
		assertThat(denied)
			.hasToString("denied{limit=10, remaining=0, retryAfterMs=2500, resetAfterMs=60000, delayMs=0}");
	}

	@Test
	void aReservationIsAllowedWithADelayAndNothingLeft() {
		Decision reserved = Decision.reserved(10, 50, 900);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.remaining()).isZero();
		assertThat(reserved.delay()).isEqualTo(Duration.ofMillis(50));
		assertThat(reserved.resetAfterMillis()).isEqualTo(900);
	}

	@Test
	void theFullFactoryTellsTheRateAndWhoDecided() {
		Decision decision = Decision.of(false, 100, 4, 1_000, 59_000, 0, true, true, 1, null);
		assertThat(decision.rate()).isEqualTo(1);
		assertThat(decision.isDegraded()).isTrue();
		assertThat(decision.isLocal()).isTrue();
		assertThat(decision).isEqualTo(Decision.of(false, 100, 4, 1_000, 59_000, 0, true, true, 1, null))
			.isNotEqualTo(Decision.denied(100, 4, 1_000, 59_000));
		assertThat(Decision.of(false, 100, 4, 1_000, 59_000, 0, false, false, 0, null))
			.isEqualTo(Decision.denied(100, 4, 1_000, 59_000));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Decision.of(false, 100, 4, 1_000, 59_000, 0, false, false, -1, null))
			.withMessage("rate (-1) of a decision must be at least 0");
	}

	@Test
	void aGrantCarriesItsReceiptThroughItsCopiesAndADenialHasNone() {
		Receipt receipt = () -> 2;
		Decision grant = Decision.of(true, 10, 8, 0, 20_000, 0, false, false, 0, receipt);
		assertThat(grant.receipt()).hasValue(receipt);
		assertThat(Decisions.forRate(Decisions.degraded(Decisions.local(grant)), 1).receipt()).hasValue(receipt);
		assertThat(grant).isNotEqualTo(Decision.allowed(10, 8, 20_000));
		assertThat(Decision.allowed(10, 8, 20_000).receipt()).isEmpty();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Decision.of(false, 10, 0, 1_000, 1_000, 0, false, false, 0, receipt))
			.withMessageContaining("a denial takes nothing");
	}

	@Test
	void aNegativeNumberIsRefusedByName() {
		assertThatIllegalArgumentException().isThrownBy(() -> Decision.allowed(10, -1, 0))
			.withMessage("remaining (-1) of a decision must be at least 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Decision.denied(-5, 0, -2, 0))
			.withMessage("limit (-5), retryAfterMillis (-2) of a decision must be at least 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Decision.reserved(1, -3, 0))
			.withMessage("delayMillis (-3) of a decision must be at least 0");
	}

}
