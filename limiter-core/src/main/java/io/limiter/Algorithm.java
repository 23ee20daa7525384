package io.limiter;

/**
 * The rate-limiting algorithms. Each one runs as a Lua script on Redis and as a Java class in memory,
 * with the same decisions for the same sequence of requests and times.
 */
public enum Algorithm {

	/**
	 * A bucket of {@code capacity} tokens that refills continuously at {@code capacity / period}. Allows
	 * bursts up to the capacity; supports reservations.
	 */
	TOKEN_BUCKET,

	/**
	 * The generic cell rate algorithm: one theoretical arrival time per key. Same admission as a token bucket
	 * of the same capacity and period, with a single stored value; supports reservations.
	 */
	GCRA,

	/** At most {@code capacity} permits in each aligned window of length {@code period}. */
	FIXED_WINDOW,

	/**
	 * An approximation of a sliding window that weights the previous fixed window's count by how much of it
	 * still overlaps the sliding window.
	 */
	SLIDING_WINDOW_COUNTER,

	/** An exact sliding window that keeps the time of every permit granted in the last {@code period}. */
	SLIDING_WINDOW_LOG;

	/**
	 * Returns whether a denied request may reserve permits in the future and wait for them, as opposed to
	 * retrying after the reported retry-after.
	 * @return {@code true} for the algorithms that keep a continuous refill
	 */
	public boolean supportsReservations() {
		return this == TOKEN_BUCKET || this == GCRA;
	}

	/**
	 * Returns the name used in configuration, for example {@code token-bucket}.
	 * @return the lower-case, dash-separated name
	 */
	public String configName() {
		return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
	}

}
