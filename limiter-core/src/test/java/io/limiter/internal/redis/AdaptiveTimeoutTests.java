package io.limiter.internal.redis;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The deadline of a call follows the latency observed, between its floor and its ceiling, and backs off after
 * timeouts.
 */
class AdaptiveTimeoutTests {

	private static final Duration FLOOR = Duration.ofMillis(100);

	private static final Duration CEILING = Duration.ofSeconds(1);

	@Test
	void isTheCeilingUntilTheFirstAnswer() {
		assertThat(new AdaptiveTimeout(FLOOR, CEILING).currentMillis()).isEqualTo(1000);
	}

	@Test
	void fastAnswersBringItDownToTheFloor() {
		AdaptiveTimeout timeout = new AdaptiveTimeout(FLOOR, CEILING);
		for (int i = 0; i < 100; i++) {
			timeout.onAnswer(millis(1));
		}
		assertThat(timeout.currentMillis()).isEqualTo(100);
	}

	@Test
	void aBusyHostRaisesItWithItsLatency() {
		AdaptiveTimeout timeout = new AdaptiveTimeout(FLOOR, CEILING);
		for (int i = 0; i < 100; i++) {
			timeout.onAnswer(millis(1));
		}
		for (int i = 0; i < 100; i++) {
			timeout.onAnswer(millis((i % 2 == 0) ? 150 : 250));
		}
		assertThat(timeout.currentMillis()).as("smoothed latency 200 ms, deviation about 50 ms").isBetween(350L, 450L);
	}

	@Test
	void eachTimeoutDoublesItUpToTheCeilingUntilAnAnswer() {
		AdaptiveTimeout timeout = new AdaptiveTimeout(FLOOR, CEILING);
		for (int i = 0; i < 100; i++) {
			timeout.onAnswer(millis(1));
		}
		timeout.onTimeout();
		assertThat(timeout.currentMillis()).isEqualTo(200);
		timeout.onTimeout();
		assertThat(timeout.currentMillis()).isEqualTo(400);
		for (int i = 0; i < 40; i++) {
			timeout.onTimeout();
		}
		assertThat(timeout.currentMillis()).isEqualTo(1000);
		timeout.onAnswer(millis(1));
		assertThat(timeout.currentMillis()).isEqualTo(100);
	}

	@Test
	void aFloorEqualToTheCeilingFixesIt() {
		AdaptiveTimeout timeout = new AdaptiveTimeout(CEILING, CEILING);
		timeout.onAnswer(millis(1));
		timeout.onTimeout();
		assertThat(timeout.currentMillis()).isEqualTo(1000);
		assertThat(timeout.getTimeout(null)).isEqualTo(TimeUnit.SECONDS.toNanos(1));
	}

	@Test
	void aCeilingBelowTheFloorIsRefusedNamingBoth() {
		assertThatIllegalArgumentException().isThrownBy(() -> new AdaptiveTimeout(CEILING, FLOOR))
			.withMessageContaining("PT0.1S")
			.withMessageContaining("PT1S");
	}

	private static long millis(long millis) {
		return TimeUnit.MILLISECONDS.toNanos(millis);
	}

}
