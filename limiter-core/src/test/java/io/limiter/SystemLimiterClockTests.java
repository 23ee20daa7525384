package io.limiter;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link SystemLimiterClock}.
 */
class SystemLimiterClockTests {

	private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	/** The most the clock may lag the timer on a loaded two-core machine. */
	private static final long LAG_TOLERANCE_MILLIS = 250;

	@Test
	void neverRunsAheadOfTheTimerNorFarBehindIt() {
		SystemLimiterClock clock = new SystemLimiterClock(TICK_NANOS, 1000);
		long previous = Long.MIN_VALUE;
		long deadline = System.nanoTime() + Duration.ofMillis(300).toNanos();
		while (System.nanoTime() < deadline) {
			long read = clock.millis();
			long exact = clock.exactMillis();
			assertThat(read).isGreaterThanOrEqualTo(previous).isLessThanOrEqualTo(exact)
				.isGreaterThan(exact - LAG_TOLERANCE_MILLIS);
			previous = read;
		}
		assertThat(clock.isTicking()).isTrue();
	}

	@Test
	void advancesWithTheTimer() throws InterruptedException {
		SystemLimiterClock clock = new SystemLimiterClock(TICK_NANOS, 1000);
		long first = clock.millis();
		Thread.sleep(100);
		assertThat(clock.millis() - first).isBetween(100 - LAG_TOLERANCE_MILLIS, 100 + LAG_TOLERANCE_MILLIS)
			.isGreaterThan(0);
	}

	@Test
	void stopsWhenUnreadAndReadsTheTimerOnTheNextRead() throws InterruptedException {
		SystemLimiterClock clock = new SystemLimiterClock(TICK_NANOS, 10);
		assertThat(clock.isTicking()).isFalse();
		assertThat(clock.ticker()).isNull();
		clock.millis();
		Thread first = clock.ticker();
		assertThat(first.isDaemon()).isTrue();
		first.join(Duration.ofSeconds(10).toMillis());
		assertThat(first.isAlive()).as("the thread ends after ten ticks without reads").isFalse();
		assertThat(clock.isTicking()).isFalse();
		Thread.sleep(200);
		long exactBefore = clock.exactMillis();
		assertThat(clock.millis()).as("a read after the pause is not the time it parked at")
			.isGreaterThanOrEqualTo(exactBefore);
		assertThat(clock.isTicking()).isTrue();
		assertThat(clock.ticker()).isNotSameAs(first);
	}

	@Test
	void theSystemClockIsOneSharedInstance() {
		assertThat(LimiterClock.system()).isSameAs(SystemLimiterClock.INSTANCE);
	}

}
