package io.limiter.contract;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sliding window counter: the current window's count plus the previous window's, weighted by how much of it the
 * sliding window still covers. Windows are aligned as for the fixed window; {@link ManualClock#START} is a multiple
 * of 100 s. At 10 per 100 s, a full previous window weighs 10 at its end and loses one permit every 10 s.
 */
public abstract class SlidingWindowCounterContract extends WindowContract {

	/**
	 * Creates the contract.
	 */
	protected SlidingWindowCounterContract() {
		super(Algorithm.SLIDING_WINDOW_COUNTER, 110_000, 200_000, 200_000);
	}

	@Test
	void burstUpToCapacityThenTheWindowSlides() {
		RateLimiter limiter = tenPerHundredSeconds();
		for (int taken = 1; taken <= 10; taken++) {
			assertAllowed(limiter.tryAcquire("k", 1), 10 - taken, 200_000);
		}
		assertDenied(limiter.tryAcquire("k", 1), 0, 110_000, 200_000);
		this.clock.advance(109_999);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 90_001);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 190_000);
	}

	@Test
	void thePreviousWindowWeighsByTheOverlapLeft() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		this.clock.advance(125_000);
		assertAllowed(limiter.tryAcquire("k", 0), 2, 75_000);
		assertAllowed(limiter.tryAcquire("k", 2), 0, 175_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 5_000, 175_000);
		this.clock.advance(5_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 170_000);
	}

	@Test
	void theFirstMillisecondOfAWindowStillCountsAllOfTheLast() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(99_999);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_001);
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_001, 100_001);
		this.clock.advance(1);
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_000, 100_000);
		this.clock.advance(10_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 190_000);
	}

	@Test
	void aRetryCanFallOnTheLastMillisecondOfTheWindow() {
		RateLimiter limiter = limiter(Algorithm.SLIDING_WINDOW_COUNTER, 100_000, Duration.ofSeconds(100));
		limiter.tryAcquire("early", 100_000);
		limiter.tryAcquire("exact", 100_000);
		this.clock.advance(100_000);
		assertDenied(limiter.tryAcquire("early", 99_999), 0, 99_999, 100_000);
		assertDenied(limiter.tryAcquire("exact", 99_999), 0, 99_999, 100_000);
		this.clock.advance(99_998);
		assertDenied(limiter.tryAcquire("early", 99_999), 99_998, 1, 2);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("exact", 99_999), 0, 100_001);
	}

	@Test
	void theWholeCapacityWaitsUntilBothWindowsAreEmpty() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		this.clock.advance(150_000);
		assertAllowed(limiter.tryAcquire("k", 1), 4, 150_000);
		assertDenied(limiter.tryAcquire("k", 10), 4, 150_000, 150_000);
		this.clock.advance(150_000);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 200_000);
	}

	/**
	 * A grant of the previous window is refunded from the previous count, which weighs as the window slides, not from
	 * the current count, whose permits would then be forgotten at the next window.
	 */
	@Test
	void aRefundOfAGrantOfThePreviousWindowLowersThePreviousCount() {
		RateLimiter limiter = limiter(algorithm(), 3, Duration.ofSeconds(100));
		this.clock.advance(90_000);
		Decision early = limiter.tryAcquire("k", 1);
		limiter.tryAcquire("k", 2);
		this.clock.advance(60_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 150_000);
		limiter.refund("k", early);
		assertThat(limiter.tryAcquire("k", 0).remaining()).as("3 - 1 - ceil(2 x 0.5)").isEqualTo(1);
		this.clock.advance(50_000);
		assertThat(limiter.tryAcquire("k", 0).remaining()).as("the permit of 150 s, all of the previous window")
			.isEqualTo(2);
	}

	@Test
	void severalPermitsAreTakenAllOrNothing() {
		RateLimiter limiter = tenPerHundredSeconds();
		assertAllowed(limiter.tryAcquire("k", 7), 3, 200_000);
		// 28,572 ms into the next window the 7 weigh 7 * 71,428 / 100,000 < 5, leaving room for 5.
		assertDenied(limiter.tryAcquire("k", 5), 3, 128_572, 200_000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 200_000);
	}

	@Test
	void aClockGoingBackwardsNeverMovesTheWindowBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(50_000);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 150_000);
		this.clock.advance(-60_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 60_000, 150_000);
		this.clock.advance(110_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_000, 100_000);
		this.clock.advance(10_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 190_000);
	}

	@Test
	void largeCapacitiesAndPeriodsStayExact() {
		// START lies 512,000,000 ms into a week counted from the epoch.
		RateLimiter limiter = limiter(Algorithm.SLIDING_WINDOW_COUNTER, 1_000_000, Duration.ofDays(7));
		assertAllowed(limiter.tryAcquire("k", 1_000_000), 0, 697_600_000);
		this.clock.advance(92_800_000 + 302_400_000);
		assertAllowed(limiter.tryAcquire("k", 500_000), 0, 907_200_000);
		// The previous week must weigh at most 499,999: 302,400,605 ms into this week.
		assertDenied(limiter.tryAcquire("k", 1), 0, 605, 907_200_000);
	}

}
