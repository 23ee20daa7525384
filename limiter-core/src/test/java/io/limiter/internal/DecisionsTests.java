package io.limiter.internal;

import java.lang.reflect.Modifier;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.limiter.Decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class DecisionsTests {

	@Test
	void onlyTheInternalsMakeDecisions() {
		assertThat(Decision.class.getConstructors()).isEmpty();
		assertThat(Arrays.stream(Decision.class.getMethods())
			.filter((method) -> Modifier.isStatic(method.getModifiers()))
			.filter((method) -> method.getReturnType() == Decision.class)).isEmpty();
	}

	@Test
	void decisionsAreMadeWithTheNumbersGiven() {
		Decision allowed = Decisions.allowed(10, 7, 300);
		assertThat(allowed.isAllowed()).isTrue();
		assertThat(allowed.remaining()).isEqualTo(7);
		assertThat(allowed.resetAfterMillis()).isEqualTo(300);
		Decision reserved = Decisions.reserved(10, 50, 900);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.delayMillis()).isEqualTo(50);
		Decision denied = Decisions.denied(10, 0, 100, 1000);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.retryAfterMillis()).isEqualTo(100);
		assertThat(denied.limit()).isEqualTo(10);
	}

	@Test
	void nobodyReplacesTheFactoryThatDecisionInstalled() {
		Decisions.allowed(1, 0, 0);
		assertThatIllegalStateException().isThrownBy(() -> Decisions.install(null))
			.withMessage("the decision factory is installed once, by Decision");
	}

}
