package io.limiter.jmh.baseline;

import io.limiter.Limit;

/**
 * The token bucket state that the client-side baselines keep in a Redis hash and compute in Java, in the same
 * integer units as our scripts: one permit is {@code period-ms} ticks, a full bucket is
 * {@code capacity x period-ms} ticks, and every millisecond adds {@code capacity} ticks.
 *
 * @param ticks the tokens, in ticks
 * @param timestamp the time of the last update, in milliseconds
 */
public record BucketState(long ticks, long timestamp) {

	/**
	 * Returns the state of a key that Redis does not have yet: a full bucket.
	 * @param limit the limit
	 * @param now the current time in milliseconds
	 * @return a full bucket at {@code now}
	 */
	public static BucketState full(Limit limit, long now) {
		return new BucketState(limit.capacity() * limit.periodMillis(), now);
	}

	/**
	 * Parses the two hash fields read from Redis.
	 * @param limit the limit
	 * @param ticks the {@code tokens} field, or {@code null} when the key is missing
	 * @param timestamp the {@code ts} field, or {@code null} when the key is missing
	 * @param now the current time in milliseconds
	 * @return the stored state, or a full bucket when either field is missing
	 */
	public static BucketState read(Limit limit, String ticks, String timestamp, long now) {
		if (ticks == null || timestamp == null) {
			return full(limit, now);
		}
		return new BucketState(Long.parseLong(ticks), Long.parseLong(timestamp));
	}

	/**
	 * Refills the bucket up to {@code now} and takes one permit if there is one. A {@code now} before the
	 * stored time counts as no time passing ({@code ts = max(now, ts)}), so clients whose clocks disagree
	 * cannot refill a bucket twice.
	 * @param limit the limit
	 * @param now the current time in milliseconds
	 * @return the decision and the state to store
	 */
	public Step take(Limit limit, long now) {
		long full = limit.capacity() * limit.periodMillis();
		long elapsed = Math.max(0, now - this.timestamp);
		long refilled = (elapsed >= limit.periodMillis()) ? full
				: Math.min(full, this.ticks + elapsed * limit.capacity());
		long time = Math.max(now, this.timestamp);
		long cost = limit.periodMillis();
		if (refilled >= cost) {
			return new Step(true, new BucketState(refilled - cost, time));
		}
		return new Step(false, new BucketState(refilled, time));
	}

	/**
	 * One decision of the bucket.
	 *
	 * @param allowed whether the permit was taken
	 * @param next the state to store
	 */
	public record Step(boolean allowed, BucketState next) {

	}

}
