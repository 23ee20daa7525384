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
