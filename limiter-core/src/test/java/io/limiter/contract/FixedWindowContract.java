package io.limiter.contract;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fixed window: at most the capacity in each window, windows aligned to multiples of the period since the epoch.
 * {@link ManualClock#START} is a multiple of 100 s, so each test starts on the first millisecond of a window.
 */
public abstract class FixedWindowContract extends WindowContract {

	/**
	 * Creates the contract.
	 */
	protected FixedWindowContract() {
		super(Algorithm.FIXED_WINDOW, 100_000, 100_000, 100_000);
	}

	@Test
	void burstUpToCapacityThenDenyUntilTheNextWindow() {
		RateLimiter limiter = tenPerHundredSeconds();
		for (int taken = 1; taken <= 10; taken++) {
			assertAllowed(limiter.tryAcquire("k", 1), 10 - taken, 100_000);
		}
		assertDenied(limiter.tryAcquire("k", 1), 0, 100_000, 100_000);
		this.clock.advance(99_999);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 1);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 9, 100_000);
	}

	@Test
	void windowsAreAlignedToThePeriodNotToTheFirstRequest() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(70_000);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 30_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 30_000, 30_000);
		this.clock.advance(30_000);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_000);
	}

	@Test
	void theLastMillisecondOfAWindowAndTheFirstOfTheNextEachAllowTheCapacity() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(99_999);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 1);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 100_000, 100_000);
	}

	@Test
	void severalPermitsAreTakenAllOrNothing() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(25_000);
		assertAllowed(limiter.tryAcquire("k", 7), 3, 75_000);
		assertDenied(limiter.tryAcquire("k", 5), 3, 75_000, 75_000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 75_000);
	}

	@Test
	void aClockGoingBackwardsNeverMovesTheWindowBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(50_000);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 50_000);
		this.clock.advance(-60_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 50_000, 50_000);
		this.clock.advance(59_999);
		assertDenied(limiter.tryAcquire("k", 1), 0, 50_000, 50_000);
		this.clock.advance(50_001);
		assertAllowed(limiter.tryAcquire("k", 1), 9, 100_000);
	}

	/**
	 * Issue #23's count-on sequence, 3 per 100 s: three permits taken 90 s into a window and refunded after three more
	 * were taken in the next window: those three are all the next window holds, as for a token bucket.
	 */
	@Test
	void aRefundOfAGrantOfTheLastWindowAddsNothingToTheCurrentOne() {
		RateLimiter limiter = limiter(algorithm(), 3, Duration.ofSeconds(100));
		this.clock.advance(90_000);
		List<Decision> early = List.of(limiter.tryAcquire("k", 1), limiter.tryAcquire("k", 1),
				limiter.tryAcquire("k", 1));
		this.clock.advance(10_000);
		long counted = 0;
		for (int i = 0; i < 3; i++) {
			counted += limiter.tryAcquire("k", 1).isAllowed() ? 1 : 0;
		}
		early.forEach((grant) -> limiter.refund("k", grant));
		for (int i = 0; i < 3; i++) {
			counted += limiter.tryAcquire("k", 1).isAllowed() ? 1 : 0;
		}
		assertThat(counted).as("permits granted in the new window's first millisecond").isEqualTo(3);
		limiter.refund("k", limiter.tryAcquire("k", 0));
		assertThat(limiter.tryAcquire("k", 0).remaining()).isZero();
	}

	@Test
	void weeklyWindowsStartAtTheEpochsWeekBoundary() {
		// START lies 512,000,000 ms into a week counted from the epoch (a Thursday, 00:00 UTC).
		RateLimiter limiter = limiter(Algorithm.FIXED_WINDOW, 1_000_000, Duration.ofDays(7));
		assertAllowed(limiter.tryAcquire("k", 999_999), 1, 92_800_000);
		assertDenied(limiter.tryAcquire("k", 2), 1, 92_800_000, 92_800_000);
		this.clock.advance(92_800_000);
		assertAllowed(limiter.tryAcquire("k", 1_000_000), 0, 604_800_000);
	}

}
