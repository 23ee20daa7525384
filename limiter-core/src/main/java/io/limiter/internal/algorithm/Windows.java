package io.limiter.internal.algorithm;

/**
 * What the window algorithms share: windows aligned to multiples of the period since the epoch, and the time of a
 * key that never had a grant.
 */
final class Windows {

	/** The grant time of a key without state; below every real time, so {@code max(now, NEVER) == now}. */
	static final long NEVER = Long.MIN_VALUE;

	private Windows() {
	}

	/**
	 * Returns the start of the window that holds a time.
	 * @param timeMillis the time
	 * @param periodMillis the window length
	 * @return the largest multiple of the period not after the time
	 */
	static long start(long timeMillis, long periodMillis) {
		return Math.floorDiv(timeMillis, periodMillis) * periodMillis;
	}

	/**
	 * Returns a count after a penalty: the permits added, to at most twice the capacity (one capacity beyond
	 * empty), and never lower than it was.
	 * @param count the count before
	 * @param permits the permits of the penalty
	 * @param capacity the capacity of the limit
	 * @return the count after
	 */
	static long penalized(long count, long permits, long capacity) {
		return Math.max(count, Math.min(count + permits, 2 * capacity));
	}

}
