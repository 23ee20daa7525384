package io.limiter.contract;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.RateLimiter;

/**
 * Token bucket: the {@link BucketContract}, and a clock going backwards leaves the bucket as it was at the
 * latest time it saw.
 */
public abstract class TokenBucketContract extends BucketContract {

	/**
	 * Creates the contract.
	 */
	protected TokenBucketContract() {
		super(Algorithm.TOKEN_BUCKET);
	}

	/** The bucket keeps its tokens: 3 of 5 stay 3 of 10, refilled at the new rate. */
	@Override
	protected long remainingOfTenAfterTwoOfFive() {
		return 3;
	}

	@Test
	void aClockGoingBackwardsRefillsNothing() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		this.clock.advance(-50_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_000, 100_000);
		this.clock.advance(60_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 100_000);
	}

}
