package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

class LimitTests {

	@Test
	void aLimitOfOneRateIsMadeByOf() {
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));
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
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.of(Algorithm.TOKEN_BUCKET, 0, Duration.ofSeconds(1)))
			.withMessage("capacity must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.of(Algorithm.TOKEN_BUCKET, -5, Duration.ofSeconds(1)))
			.withMessage("capacity must be at least 1 but was -5");
	}

	@Test
	void rejectsPeriodsThatAreNotPositiveWholeMilliseconds() {
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ZERO))
			.withMessage("period must be a positive whole number of milliseconds but was PT0S");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(-1)))
			.withMessageContaining("PT-1S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofNanos(1_500_000)))
			.withMessageContaining("PT0.0015S");
	}

	@Test
	void rejectsMissingSettings() {
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder(Algorithm.TOKEN_BUCKET).build())
			.withMessage("rates must hold at least one rate but were empty: add one with rate(capacity, period)");
		assertThatNullPointerException().isThrownBy(() -> Limit.builder(null)).withMessage("algorithm must not be null");
		assertThatNullPointerException().isThrownBy(() -> Limit.of(null, 1, Duration.ofSeconds(1)))
			.withMessage("algorithm must not be null");
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
	void holdsSeveralRatesInTheirOrder() {
		Limit limit = Limit.builder(Algorithm.GCRA).rate(10, Duration.ofSeconds(1))
			.rate(Rate.of(1000, Duration.ofHours(1))).build();
		assertThat(limit.rates()).containsExactly(Rate.of(10, Duration.ofSeconds(1)), Rate.of(1000, Duration.ofHours(1)));
		assertThat(limit.hasSeveralRates()).isTrue();
		assertThat(limit.maxPermits()).isEqualTo(10);
		assertThat(limit.supportsReservations()).isFalse();
		assertThat(limit).hasToString("gcra(10 per PT1S and 1000 per PT1H)");
		assertThat(Limit.builder(Algorithm.TOKEN_BUCKET)
			.rate(3, Duration.ofSeconds(1))
			.rate(1, Duration.ofSeconds(5))
			.build()
			.maxPermits()).isEqualTo(1);
	}

	@Test
	void theNumbersOfOneRateAreNotAskedOfSeveral() {
		Limit limit = Limit.builder(Algorithm.TOKEN_BUCKET)
			.rate(10, Duration.ofSeconds(1))
			.rate(1000, Duration.ofHours(1))
			.build();
		assertThatIllegalStateException().isThrownBy(limit::capacity)
			.withMessage("limit token-bucket(10 per PT1S and 1000 per PT1H) has 2 rates, so capacity() has no one "
					+ "answer: read each rate from rates(), and the most permits one request can take from "
					+ "maxPermits()");
		assertThatIllegalStateException().isThrownBy(limit::period).withMessageContaining("period()");
		assertThatIllegalStateException().isThrownBy(limit::periodMillis).withMessageContaining("periodMillis()");
	}

	@Test
	void aLimitOfOneRateIsTheSameGivenEitherWay() {
		Limit given = Limit.builder(Algorithm.TOKEN_BUCKET).rate(10, Duration.ofSeconds(1)).build();
		assertThat(given).isEqualTo(Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)));
		assertThat(given.hasSeveralRates()).isFalse();
		assertThat(given.supportsReservations()).isTrue();
	}

	@Test
	void rejectsBadRatesNamingTheRateTheFieldAndTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.builder(Algorithm.TOKEN_BUCKET)
				.rate(1, Duration.ofSeconds(1))
				.rate(0, Duration.ofSeconds(2)))
			.withMessage("rates[1].capacity must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder(Algorithm.TOKEN_BUCKET).rate(1, Duration.ZERO))
			.withMessage("rates[0].period must be a positive whole number of milliseconds but was PT0S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.builder(Algorithm.TOKEN_BUCKET)
				.rate(1, Duration.ofSeconds(1))
				.rate(5, Duration.ofMillis(1000))
				.build())
			.withMessage("rates[1].period must differ from the period of every other rate but was PT1S as rates[0]");
		assertThatIllegalArgumentException().isThrownBy(() -> Limit.builder(Algorithm.SLIDING_WINDOW_LOG)
			.rate(1, Duration.ofSeconds(1)).rate(Limit.MAX_LOG_CAPACITY + 1, Duration.ofHours(1)).build())
			.withMessageStartingWith("rates[1].capacity of a sliding-window-log must be at most");
	}

	@Test
	void rejectsTooManyRates() {
		Limit.Builder many = Limit.builder(Algorithm.TOKEN_BUCKET);
		for (int i = 1; i <= Limit.MAX_RATES + 1; i++) {
			many.rate(1, Duration.ofSeconds(i));
		}
		assertThatIllegalArgumentException().isThrownBy(many::build)
			.withMessage("rates must hold at most 8 rates but held 9");
	}

	@Test
	void algorithmsAreNamedAsConfigurationNamesThem() {
		assertThat(Algorithm.SLIDING_WINDOW_COUNTER.configName()).isEqualTo("sliding-window-counter");
		assertThat(Algorithm.GCRA.configName()).isEqualTo("gcra");
	}

}
