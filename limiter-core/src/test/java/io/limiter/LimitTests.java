package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LimitTests {

	@Test
	void buildsWithTokenBucketByDefault() {
		Limit limit = Limit.builder().capacity(10).period(Duration.ofSeconds(1)).build();
		assertThat(limit.algorithm()).isEqualTo(Algorithm.TOKEN_BUCKET);
		assertThat(limit.capacity()).isEqualTo(10);
		assertThat(limit.periodMillis()).isEqualTo(1000);
		assertThat(limit).hasToString("token-bucket(10 per PT1S)");
	}

	@Test
	void equalLimitsAreEqual() {
		assertThat(Limit.of(Algorithm.GCRA, 5, Duration.ofMillis(1000)))
			.isEqualTo(Limit.of(Algorithm.GCRA, 5, Duration.ofSeconds(1)))
			.hasSameHashCodeAs(Limit.of(Algorithm.GCRA, 5, Duration.ofSeconds(1)))
			.isNotEqualTo(Limit.of(Algorithm.TOKEN_BUCKET, 5, Duration.ofSeconds(1)));
	}

	@Test
	void rejectsCapacityBelowOneNamingTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().capacity(0))
			.withMessage("capacity must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().capacity(-5))
			.withMessage("capacity must be at least 1 but was -5");
	}

	@Test
	void rejectsPeriodsThatAreNotPositiveWholeMilliseconds() {
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().period(Duration.ZERO))
			.withMessage("period must be a positive whole number of milliseconds but was PT0S");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().period(Duration.ofSeconds(-1)))
			.withMessageContaining("PT-1S");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().period(Duration.ofNanos(1_500_000)))
			.withMessageContaining("PT0.0015S");
	}

	@Test
	void rejectsMissingSettings() {
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().period(Duration.ofSeconds(1)).build())
			.withMessage("capacity must be set");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder().capacity(1).build())
			.withMessage("period must be set");
	}

	@Test
	void rejectsCapacityTimesPeriodBeyondExactIntegers() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.of(Algorithm.TOKEN_BUCKET, 1_000_000_000, Duration.ofDays(365)))
			.withMessageContaining("capacity was 1000000000")
			.withMessageContaining("PT8760H");
	}

	@Test
	void boundsTheCapacityOfALog() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.of(Algorithm.SLIDING_WINDOW_LOG, Limit.MAX_LOG_CAPACITY + 1, Duration.ofSeconds(1)))
			.withMessageContaining("sliding-window-log")
			.withMessageContaining(String.valueOf(Limit.MAX_LOG_CAPACITY + 1));
	}

	@Test
	void parsesAlgorithmNamesAndNamesTheBadOne() {
		assertThat(Algorithm.fromConfigName("sliding-window-counter")).isEqualTo(Algorithm.SLIDING_WINDOW_COUNTER);
		assertThat(Algorithm.fromConfigName(" GCRA ")).isEqualTo(Algorithm.GCRA);
		assertThat(Algorithm.fromConfigName("fixed_window")).isEqualTo(Algorithm.FIXED_WINDOW);
		assertThatIllegalArgumentException().isThrownBy(() -> Algorithm.fromConfigName("leaky-bucket"))
			.withMessageContaining("'leaky-bucket'")
			.withMessageContaining("token-bucket, gcra, fixed-window, sliding-window-counter, sliding-window-log");
	}

	@Test
	void parsesFailurePolicies() {
		assertThat(FailurePolicy.fromConfigName("local-fallback")).isEqualTo(FailurePolicy.LOCAL_FALLBACK);
		assertThatIllegalArgumentException().isThrownBy(() -> FailurePolicy.fromConfigName("retry"))
			.withMessageContaining("'retry'");
	}

}
