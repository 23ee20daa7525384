package io.limiter.internal.regions;

import java.time.Duration;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.GlobalBudget;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.RedisBackend;
import io.limiter.RegionalBackend;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Bad input to {@link RegionalBackend#builder()} and {@link GlobalBudget#builder()} fails at once, naming the field
 * and the value; a limit that cannot be global is refused when its limiter is made.
 */
class RegionalBackendBuilderTests {

	@Test
	void aRegionNameOutsideItsCharactersOrLengthIsRefusedWithTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> RegionalBackend.builder().region("EU_West"))
			.withMessage("region must be 1 to 32 ASCII lower-case letters, digits or '-' but was 'EU_West'");
		assertThatIllegalArgumentException().isThrownBy(() -> RegionalBackend.builder().region(""))
			.withMessageContaining("but was ''");
		assertThatIllegalArgumentException().isThrownBy(() -> RegionalBackend.builder().region("a".repeat(33)))
			.withMessageContaining("but was '" + "a".repeat(33) + "'");
	}

	@Test
	void whatIsMissingIsNamed() {
		assertThatIllegalStateException().isThrownBy(() -> RegionalBackend.builder().build())
			.withMessageStartingWith("region is required");
		assertThatIllegalStateException().isThrownBy(() -> RegionalBackend.builder().region("eu-west").build())
			.withMessage("redis is required: the Redis of region 'eu-west'");
		assertThatIllegalStateException()
			.isThrownBy(() -> RegionalBackend.builder()
				.region("eu-west")
				.redis(RedisBackend.builder().standalone("redis://127.0.0.1:1"))
				.build())
			.withMessageStartingWith("home is required");
	}

	@Test
	void theRegionsSettingsOnTheHomesBuilderAreNamed() {
		assertThatIllegalStateException()
			.isThrownBy(() -> RegionalBackend.builder()
				.region("eu-west")
				.redis(RedisBackend.builder().standalone("redis://127.0.0.1:1"))
				.home(RedisBackend.builder()
					.standalone("redis://127.0.0.1:2")
					.namespace("orders")
					.failurePolicy(FailurePolicy.FAIL_OPEN))
				.build())
			.withMessage("home sets namespace 'orders', failurePolicy FAIL_OPEN: these are the region's settings, "
					+ "set them on redis(...)");
	}

	@Test
	void aGlobalBudgetsBadSettingIsRefusedWithTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> GlobalBudget.builder().lease(Duration.ofMillis(99)))
			.withMessage("lease must be a whole number of milliseconds, at least 100 ms, but was PT0.099S");
		assertThatIllegalArgumentException().isThrownBy(() -> GlobalBudget.builder().lease(Duration.ofNanos(100_000_001)))
			.withMessageContaining("but was PT0.100000001S");
		assertThatIllegalArgumentException().isThrownBy(() -> GlobalBudget.builder().maxLoanShare(0))
			.withMessage("maxLoanShare must be greater than 0 and at most 1 but was 0.0");
		assertThatIllegalArgumentException().isThrownBy(() -> GlobalBudget.builder().maxLoanShare(1.5))
			.withMessageContaining("but was 1.5");
		assertThatIllegalArgumentException().isThrownBy(() -> GlobalBudget.builder().safetyFactor(0.5))
			.withMessage("safetyFactor must be at least 1 and finite but was 0.5");
		assertThatIllegalArgumentException().isThrownBy(() -> GlobalBudget.builder().safetyFactor(Double.NaN))
			.withMessageContaining("but was NaN");
	}

	@Test
	void theDefaultsAndTheLoanCeilingAreAsDocumented() {
		GlobalBudget defaults = GlobalBudget.defaults();
		assertThat(defaults.lease()).isEqualTo(Duration.ofSeconds(10));
		assertThat(defaults.maxLoanShare()).isEqualTo(0.2);
		assertThat(defaults.safetyFactor()).isEqualTo(2.0);
		assertThat(defaults.onMiss()).isEqualTo(io.limiter.MissPolicy.BORROW);
		assertThat(defaults.loanCeiling(Limit.of(Algorithm.TOKEN_BUCKET, 10_000, Duration.ofMinutes(1))))
			.isEqualTo(2000);
		assertThat(defaults.loanCeiling(Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofMinutes(1)))).isEqualTo(1);
		assertThat(defaults.toBuilder().build()).isEqualTo(defaults);
		assertThat(LimiterOptions.builder().global(defaults).build())
			.isNotEqualTo(LimiterOptions.defaults())
			.isEqualTo(LimiterOptions.builder().global(GlobalBudget.builder().build()).build());
		assertThat(LimiterOptions.defaults().global()).isNull();
	}

	@Test
	void aLimitThatCannotBeGlobalIsRefusedNamingTheLimitAndWhatItHas() {
		try (RegionalBackend backend = RegionalBackend.builder()
			.region("eu-west")
			.redis(RedisBackend.builder().standalone("redis://127.0.0.1:1"))
			.home(RedisBackend.builder().standalone("redis://127.0.0.1:2"))
			.build()) {
			LimiterOptions global = LimiterOptions.builder().global(GlobalBudget.defaults()).build();
			assertThatIllegalArgumentException()
				.isThrownBy(() -> backend.limiter("login",
						Limit.of(Algorithm.SLIDING_WINDOW_LOG, 5, Duration.ofMinutes(1)), global))
				.withMessage("limit 'login' is global: a global limit needs token-bucket or gcra of one rate, but has "
						+ "sliding-window-log");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> backend.limiter("api", Limit.builder(Algorithm.TOKEN_BUCKET)
					.rate(10, Duration.ofSeconds(1))
					.rate(100, Duration.ofMinutes(1))
					.build(), global))
				.withMessageStartingWith("limit 'api' is global: a global limit needs token-bucket or gcra of one "
						+ "rate, but has [");
			assertThatIllegalArgumentException().isThrownBy(() -> backend.loans("api", "k"))
				.withMessage("limit 'api' is not a global limit of this backend");
		}
	}

}
