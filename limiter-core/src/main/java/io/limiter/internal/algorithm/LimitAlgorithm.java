package io.limiter.internal.algorithm;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.internal.redis.RedisScript;

/**
 * One algorithm in its two forms: a Lua script for Redis and a Java {@link KeyState} for memory.
 * <p>
 * Every script takes the keys of {@link #redisKeys(String)} and the arguments
 * {@code capacity, period_ms, permits, now_ms, max_wait_ms}, where {@code now_ms < 0} means the server's
 * {@code TIME}; it answers {@code {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms}}, all
 * integers.
 */
public abstract class LimitAlgorithm {

	/**
	 * Returns the implementation of an algorithm.
	 * @param algorithm the algorithm
	 * @return its implementation
	 */
	public static LimitAlgorithm of(Algorithm algorithm) {
		return switch (algorithm) {
			case TOKEN_BUCKET -> TokenBucket.INSTANCE;
			case GCRA -> Gcra.INSTANCE;
			case FIXED_WINDOW -> FixedWindow.INSTANCE;
			case SLIDING_WINDOW_COUNTER -> SlidingWindowCounter.INSTANCE;
			case SLIDING_WINDOW_LOG -> SlidingWindowLog.INSTANCE;
		};
	}

	/**
	 * Creates the in-memory state of a key that has none yet.
	 * @param limit the limit
	 * @return a new state, as if the key had never been seen
	 */
	public abstract KeyState newState(Limit limit);

	/**
	 * Returns the Lua twin of {@link #newState(Limit)}.
	 * @return the script
	 */
	public abstract RedisScript script();

	/**
	 * Returns the Redis keys of one user key, all under the hash tag of {@code stateKey}.
	 * @param stateKey the key from {@link io.limiter.internal.StateKeys#redisKey(String, String)}
	 * @return the keys, in the order the script expects them
	 */
	public abstract String[] redisKeys(String stateKey);

}
