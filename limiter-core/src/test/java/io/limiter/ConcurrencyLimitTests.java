package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * A concurrency limit is checked on construction, with messages that name the field and the value.
 */
class ConcurrencyLimitTests {

	@Test
	void keepsItsNumbersAndDefaultsTheLease() {
		ConcurrencyLimit limit = ConcurrencyLimit.of(5);
		assertThat(limit.maxInFlight()).isEqualTo(5);
		assertThat(limit.lease()).isEqualTo(ConcurrencyLimit.DEFAULT_LEASE);
		assertThat(limit).isEqualTo(ConcurrencyLimit.of(5, Duration.ofSeconds(30)))
			.hasSameHashCodeAs(ConcurrencyLimit.of(5, Duration.ofSeconds(30)))
			.isNotEqualTo(ConcurrencyLimit.of(5, Duration.ofSeconds(31)))
			.isNotEqualTo(ConcurrencyLimit.of(6, Duration.ofSeconds(30)));
		assertThat(limit).hasToString("at most 5 in flight (lease PT30S)");
	}

	@Test
	void refusesAMaxInFlightOutOfRangeNamingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> ConcurrencyLimit.of(0))
			.withMessage("maxInFlight must be from 1 to 100000 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> ConcurrencyLimit.of(100_001))
			.withMessage("maxInFlight must be from 1 to 100000 but was 100001");
		assertThat(ConcurrencyLimit.of(ConcurrencyLimit.MAX_IN_FLIGHT).maxInFlight()).isEqualTo(100_000);
	}

	@Test
	void refusesALeaseOutOfRangeOrOfFractionalMillisecondsNamingIt() {
		assertThatNullPointerException().isThrownBy(() -> ConcurrencyLimit.of(1, null)).withMessage("lease must not be null");
		for (Duration bad : new Duration[] { Duration.ofMillis(99), Duration.ofMillis(-1), Duration.ofDays(1).plusMillis(1),
				Duration.ofNanos(200_000_001), Duration.ofSeconds(Long.MAX_VALUE) }) {
			assertThatIllegalArgumentException().isThrownBy(() -> ConcurrencyLimit.of(1, bad))
				.withMessage("lease must be a whole number of milliseconds from PT0.1S to PT24H but was " + bad);
		}
		assertThat(ConcurrencyLimit.of(1, ConcurrencyLimit.MIN_LEASE).lease()).isEqualTo(Duration.ofMillis(100));
		assertThat(ConcurrencyLimit.of(1, ConcurrencyLimit.MAX_LEASE).lease()).isEqualTo(Duration.ofDays(1));
	}

}
