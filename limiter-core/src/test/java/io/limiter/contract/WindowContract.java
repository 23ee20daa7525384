package io.limiter.contract;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.RateLimiter;

/**
 * What the fixed window, the sliding window counter and the sliding window log share: a key is never in debt, so a
 * look is always allowed, and a reservation window changes nothing (the caller retries at the retry-after).
 */
public abstract class WindowContract extends AlgorithmContract {

	/**
	 * Creates the contract of a window algorithm.
	 * @param algorithm the algorithm under test
	 * @param retryAfterOnceExhausted see {@link AlgorithmContract}
	 * @param resetAfterOnceExhausted see {@link AlgorithmContract}
	 * @param resetAfterOnePermit see {@link AlgorithmContract}
	 */
	protected WindowContract(Algorithm algorithm, long retryAfterOnceExhausted, long resetAfterOnceExhausted,
			long resetAfterOnePermit) {
		super(algorithm, retryAfterOnceExhausted, resetAfterOnceExhausted, resetAfterOnePermit);
	}

	/** The windows keep the permits used: 2 of 5 used leaves 8 of 10. */
	@Override
	protected long remainingOfTenAfterTwoOfFive() {
		return 8;
	}

	@Test
	void zeroPermitsLooksWithoutTaking() {
		RateLimiter limiter = tenPerHundredSeconds();
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
		limiter.tryAcquire("k", 4);
		assertAllowed(limiter.tryAcquire("k", 0), 6, resetAfterOnceExhausted());
		assertAllowed(limiter.tryAcquire("k", 6), 0, resetAfterOnceExhausted());
		assertAllowed(limiter.tryAcquire("k", 0), 0, resetAfterOnceExhausted());
		assertDenied(limiter.tryAcquire("k", 1), 0, retryAfterOnceExhausted(), resetAfterOnceExhausted());
		this.clock.advance(resetAfterOnceExhausted());
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
	}

	@Test
	void aReservationWindowIsIgnored() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		assertDenied(decide(limiter, "k", 1, 6_000_000), 0, retryAfterOnceExhausted(), resetAfterOnceExhausted());
	}

}
