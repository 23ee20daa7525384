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
 * {@code TIME}; it answers {@code {allowed, remaining, retry_after_ms, reset_after_ms, delay_ms, at, debt}}, all
 * integers, the last two the marks of a grant's {@link io.limiter.Receipt}. Its admin script
 * ({@code <script>-adjust.lua}, {@link #adjustScript()}) takes the same keys and
 * {@code capacity, period_ms, permits, now_ms, operation} and applies {@link KeyState#adjust}'s arithmetic, or, for
 * the operation {@code refund-grant} and a receipt's marks after those arguments, {@link KeyState#refund}'s.
 * <p>
 * The script of one rate has a {@linkplain RedisScript#batchForm() batch form}, made from the same source, that makes
 * several decisions of keys of one slot in one call, each exactly as the script alone ({@code batch.lua}).
 * <p>
 * A limit of several rates is decided by {@link #severalRatesScript()}, which takes one key per rate and the same
 * arguments with the capacity and period of every further rate after them, and answers the reported rate's index
 * after the rest ({@code multi-rate.lua}; {@code MultiRateState} decides the same in memory); its admin operations are one call of
 * {@link #severalRatesAdjustScript()}, which adjusts every rate's key atomically.
 * <p>
 * Each call sets the key's time to live to the time until its state equals no state, counted from the key's own time,
 * plus {@code CLOCK_SKEW_MS} (the difference between client clocks allowed, in {@code preamble.lua}), and deletes the
 * key when it already does; the in-memory state forgets itself the same way, its time with it. Until then a now before the
 * time of the key's last grant counts as that time, in every algorithm: a clock going backwards counts as no time
 * passing.
 */
public abstract class LimitAlgorithm {

	private final RedisScript script;

	private final RedisScript severalRatesScript;

	private final RedisScript adjustScript;

	private final RedisScript severalRatesAdjustScript;

	private final String keySuffix;

	private final Function<Limit, OptimisticState> stateFactory;

	LimitAlgorithm(String scriptResource, String keySuffix, Function<Limit, OptimisticState> stateFactory) {
		this.script = RedisScript.withBatchForm(LimitAlgorithm.class, scriptResource);
		String adjustResource = scriptResource.replace(".lua", "-adjust.lua");
		this.severalRatesScript = RedisScript.severalRates(LimitAlgorithm.class, scriptResource, "multi-rate.lua");
		this.adjustScript = RedisScript.load(LimitAlgorithm.class, adjustResource);
		this.severalRatesAdjustScript = RedisScript.severalRates(LimitAlgorithm.class, adjustResource,
				"multi-rate-adjust.lua");
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
		return limit.hasSeveralRates() ? MultiRateState.takingOver(new OptimisticState[0], limit) : newRateState(limit);
	}

	/**
	 * Creates the state of one rate of a key that has none yet.
	 * @param limit a limit of one rate
	 * @return a new state
	 */
	final OptimisticState newRateState(Limit limit) {
		return this.stateFactory.apply(limit);
	}

	/**
	 * Returns the Lua script that decides as {@link #newState(Limit)} does in memory.
	 * @return the script
	 */
	public final RedisScript script() {
		return this.script;
	}

	/** {@return the script of the admin operations of a limit of one rate, the Lua side of {@link KeyState#adjust}} */
	public final RedisScript adjustScript() {
		return this.adjustScript;
	}

	/** {@return the script of a limit of several rates} */
	public final RedisScript severalRatesScript() {
		return this.severalRatesScript;
	}

	/**
	 * {@return the script of the admin operations of a limit of several rates, the Lua side of {@code MultiRateState}'s:
	 * every rate's key adjusted in one call, with the arguments laid out as for {@link #severalRatesScript()} and the
	 * operation in place of the wait ({@code multi-rate-adjust.lua})}
	 */
	public final RedisScript severalRatesAdjustScript() {
		return this.severalRatesAdjustScript;
	}

	/**
	 * Returns the Redis key of one user key under a limit of one rate.
	 * @param stateKey the key from {@link io.limiter.internal.StateKeys#redisKey(String, String)}
	 * @return the keys, in the order the script expects them
	 */
	public final String[] redisKeys(String stateKey) {
		return redisKeys(stateKey, 1);
	}

	/**
	 * Returns the Redis keys of one user key under a limit of several rates, one per rate, all under the hash tag of
	 * {@code stateKey}: the first rate's is the key of a limit of one rate, so a limit that gains rates keeps the
	 * state of its first, and rate {@code i} adds {@code :i}.
	 * @param stateKey the key from {@link io.limiter.internal.StateKeys#redisKey(String, String)}
	 * @param rates the number of rates
	 * @return the keys, in the order of the limit's rates
	 */
	public final String[] redisKeys(String stateKey, int rates) {
		String[] keys = new String[rates];
		keys[0] = stateKey + this.keySuffix;
		for (int i = 1; i < rates; i++) {
			keys[i] = keys[0] + ':' + i;
		}
		return keys;
	}

}
