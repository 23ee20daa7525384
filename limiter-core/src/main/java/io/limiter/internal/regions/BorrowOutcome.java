package io.limiter.internal.regions;

import io.limiter.LimiterBackendException;

/**
 * How a region's borrow from the home ended.
 * @param landed whether permits landed in the pool
 * @param retryMillis when the home refused, how long until it may lend; else 0
 * @param failure why the home did not answer, or {@code null}
 */
record BorrowOutcome(boolean landed, long retryMillis, LimiterBackendException failure) {

	static BorrowOutcome landedOrLost(boolean landed) {
		return new BorrowOutcome(landed, 0, null);
	}

	static BorrowOutcome refused(long retryMillis) {
		return new BorrowOutcome(false, retryMillis, null);
	}

	static BorrowOutcome failed(LimiterBackendException failure) {
		return new BorrowOutcome(false, 0, failure);
	}

	boolean isRefused() {
		return this.retryMillis > 0;
	}

	boolean isFailed() {
		return this.failure != null;
	}

}
