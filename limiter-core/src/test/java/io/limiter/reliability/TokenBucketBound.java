package io.limiter.reliability;

import java.util.concurrent.TimeUnit;

import io.limiter.Limit;

/**
 * What a token bucket may grant one key: its burst, plus its rate times the time that passed.
 */
final class TokenBucketBound {

	private TokenBucketBound() {
	}

	/**
	 * Returns the most permits a bucket that starts full may grant over a time.
	 * @param limit the limit
	 * @param elapsedNanos the time, measured around all the decisions
	 * @return burst + refill
	 */
	static long mostAllowed(Limit limit, long elapsedNanos) {
		return limit.capacity() + refill(limit, elapsedNanos);
	}

	/**
	 * Returns the permits a bucket gains over a time, rounded up.
	 * @param limit the limit
	 * @param elapsedNanos the time
	 * @return the rate times the time, plus one
	 */
	static long refill(Limit limit, long elapsedNanos) {
		return limit.capacity() * TimeUnit.NANOSECONDS.toMillis(elapsedNanos) / limit.periodMillis() + 1;
	}

}
