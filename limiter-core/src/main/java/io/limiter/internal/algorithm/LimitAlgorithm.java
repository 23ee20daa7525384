package io.limiter.internal.algorithm;

import java.util.function.Function;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.internal.redis.RedisScript;

/**
 * One algorithm in its two forms: a Lua script for Redis and a Java {@link KeyState} for memory.
 * <p>
 * Every script takes the keys of {@link #redisKeys(String)} and the arguments
 * {@code capacity, period_ms, permits, now_ms, max_wait_ms}, where {@code now_ms < 0} means the server's
 * {@code TIME}; it answers {@code {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms}}, all
 * integers. Its admin twin ({@code <script>-adjust.lua}, {@link #adjustScript()}) takes the same keys and
 * {@code capacity, period_ms, permits, now_ms, operation} and applies {@link KeyState#adjust}'s arithmetic.
 * <p>
 * Each call sets the key's time to live to the time until its state equals no state, counted from the key's own time,
 * plus {@code CLOCK_SKEW_MS} (the difference between client clocks allowed, in {@code preamble.lua}), and deletes the
 * key when it already does; the twin forgets such a state the same way, its time with it. Until then a now before the
 * time of the key's last grant counts as that time, in every algorithm: a clock going backwards counts as no time
 * passing.
 */
public abstract class LimitAlgorithm {

	private final RedisScript script;

	private final RedisScript adjustScript;

	private final String keySuffix;

	private final Function<Limit, KeyState> stateFactory;

	LimitAlgorithm(String scriptResource, String keySuffix, Function<Limit, KeyState> stateFactory) {
		this.script = RedisScript.load(LimitAlgorithm.class, scriptResource);
		this.adjustScript = RedisScript.load(LimitAlgorithm.class, scriptResource.replace(".lua", "-adjust.lua"));
		this.keySuffix = keySuffix;
		this.stateFactory = stateFactory;
	}

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
	public final KeyState newState(Limit limit) {
		return this.stateFactory.apply(limit);
	}

	/**
	 * Returns the Lua twin of {@link #newState(Limit)}.
	 * @return the script
	 */
	public final RedisScript script() {
		return this.script;
	}

	/**
	 * Returns the script of the admin operations, the twin of {@link KeyState#adjust}.
	 * @return the script
	 */
	public final RedisScript adjustScript() {
		return this.adjustScript;
	}

	/**
	 * Returns the Redis keys of one user key, all under the hash tag of {@code stateKey}.
	 * @param stateKey the key from {@link io.limiter.internal.StateKeys#redisKey(String, String)}
	 * @return the keys, in the order the script expects them
	 */
	public final String[] redisKeys(String stateKey) {
		return new String[] { stateKey + this.keySuffix };
	}

}
