package io.limiter.contract;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sliding window log: exact; a permit granted at {@code t} counts until {@code t + period}, not included.
 */
public abstract class SlidingWindowLogContract extends WindowContract {

	/**
	 * Creates the contract.
	 */
	protected SlidingWindowLogContract() {
		super(Algorithm.SLIDING_WINDOW_LOG, 100_000, 100_000, 100_000);
	}

	@Test
	void burstUpToCapacityThenEachPermitReturnsOnePeriodAfterItsGrant() {
		RateLimiter limiter = tenPerHundredSeconds();
		assertAllowed(limiter.tryAcquire("k", 4), 6, 100_000);
		this.clock.advance(30_000);
		assertAllowed(limiter.tryAcquire("k", 3), 3, 100_000);
		this.clock.advance(30_000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 100_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 40_000, 100_000);
		assertDenied(limiter.tryAcquire("k", 5), 0, 70_000, 100_000);
		this.clock.advance(39_999);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 60_001);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 4), 0, 100_000);
	}

	@Test
	void aRefundOfAGrantRemovesItsOwnEntriesNotTheNewest() {
		RateLimiter limiter = limiter(algorithm(), 2, Duration.ofSeconds(100));
		Decision early = limiter.tryAcquire("k", 1);
		this.clock.advance(50_000);
		limiter.tryAcquire("k", 1);
		this.clock.advance(10_000);
		limiter.refund("k", early);
		assertAllowed(limiter.tryAcquire("k", 0), 1, 90_000);
		this.clock.advance(40_000);
		assertAllowed(limiter.tryAcquire("k", 0), 1, 50_000);
		limiter.refund("k", early);
		assertAllowed(limiter.tryAcquire("k", 0), 1, 50_000);
	}

	@Test
	void aPermitCountsUpToTheLastMillisecondOfItsPeriod() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 7);
		this.clock.advance(30_000);
		limiter.tryAcquire("k", 3);
		this.clock.advance(69_999);
		assertDenied(limiter.tryAcquire("k", 4), 0, 1, 30_001);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 7), 0, 100_000);
	}

	@Test
	void thereIsNoBurstAcrossAlignedWindowEdges() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(99_999);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_000);
		this.clock.advance(1);
		assertDenied(limiter.tryAcquire("k", 1), 0, 99_999, 99_999);
		this.clock.advance(99_998);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 1);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_000);
	}

	@Test
	void severalPermitsAreTakenAllOrNothing() {
		RateLimiter limiter = tenPerHundredSeconds();
		assertAllowed(limiter.tryAcquire("k", 7), 3, 100_000);
		assertDenied(limiter.tryAcquire("k", 5), 3, 100_000, 100_000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 100_000);
	}

	@Test
	void manyPermitsAtOnceAreEachLogged() {
		RateLimiter limiter = limiter(Algorithm.SLIDING_WINDOW_LOG, 2500, Duration.ofSeconds(100));
		assertAllowed(limiter.tryAcquire("k", 2499), 1, 100_000);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 100_000);
		assertDenied(limiter.tryAcquire("k", 2500), 0, 100_000, 100_000);
		this.clock.advance(99_999);
		assertAllowed(limiter.tryAcquire("k", 2499), 0, 100_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 100_000);
	}

	@Test
	void aClockGoingBackwardsNeverMovesTheWindowBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		this.clock.advance(50_000);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_000);
		this.clock.advance(-60_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 100_000, 100_000);
		this.clock.advance(109_900);
		assertDenied(limiter.tryAcquire("k", 1), 0, 50_100, 50_100);
		this.clock.advance(50_100);
		assertAllowed(limiter.tryAcquire("k", 10), 0, 100_000);
	}

}
