package io.limiter.jmh;

import io.limiter.Algorithm;
import io.limiter.LimiterClock;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.jmh.baseline.MultiCommandTokenBucket;
import io.limiter.jmh.baseline.WatchMultiExecTokenBucket;
import io.limiter.jmh.peer.Bucket4jRedis;
import io.limiter.jmh.redis.RedisTarget;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the Redis benchmarks share: the connection to Redis and one instance of every variant, for the limit of
 * {@link LimitParams}. The script variants run without a local tier ({@link LocalTier#none()}), so that every
 * decision is a script call; {@code defaults} is a limiter built with no options on a backend like
 * {@code luaEvalSha}'s (client time), with the Redis calls counted by the backend's observer.
 * <p>
 * With {@code redis} empty (and no system property {@value #REDIS_PROPERTY}) the fork starts its own
 * 3-master/3-replica cluster. Cluster seeds in {@code -p redis=...} are separated by {@code ;}, because JMH
 * splits parameter values at commas.
 */
@State(Scope.Benchmark)
public class RedisBenchmarkState {

	/** The system property that names a Redis when the {@code redis} parameter is empty. */
	public static final String REDIS_PROPERTY = "limiter.jmh.redis";

	/** The options of the variants that measure Redis alone: every decision is a script call. */
	private static final LimiterOptions REDIS_ONLY = LimiterOptions.builder().localTier(LocalTier.none()).build();

	/** A standalone URL or cluster seeds; empty: the property, or a cluster of the fork's own. */
	@Param("")
	public String redis;

	BenchmarkLimit limit;

	RedisTarget target;

	RateLimiter luaClientTime;

	RateLimiter defaults;

	RateLimiter luaServerTime;

	RateLimiter gcra;

	RateLimiter fixedWindow;

	RateLimiter slidingWindowCounter;

	RateLimiter slidingWindowLog;

	MultiCommandTokenBucket multiCmd;

	WatchMultiExecTokenBucket watchMultiExec;

	Bucket4jRedis bucket4j;

	Bucket4jRedis bucket4jOptimized;

	private RedisBackend clientTime;

	private RedisBackend serverTime;

	private RedisBackend observedClientTime;

	private final UnclaimedCalls defaultsCalls = new UnclaimedCalls();

	/**
	 * Connects and creates every variant.
	 * @param params the scenario and the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.limit = params.limit;
		String spec = this.redis.isBlank() ? System.getProperty(REDIS_PROPERTY, "") : this.redis;
		this.target = RedisTarget.connect(spec);
		this.clientTime = this.target.backend(LimiterClock.system());
		this.serverTime = this.target.backend(null);
		this.luaClientTime = this.clientTime.limiter("bench-client-time", this.limit.limit(Algorithm.TOKEN_BUCKET),
				REDIS_ONLY);
		this.observedClientTime = this.target.backend(LimiterClock.system(), this.defaultsCalls);
		this.defaults = this.observedClientTime.limiter("bench-defaults", this.limit.limit(Algorithm.TOKEN_BUCKET));
		this.luaServerTime = ours(Algorithm.TOKEN_BUCKET);
		this.gcra = ours(Algorithm.GCRA);
		this.fixedWindow = ours(Algorithm.FIXED_WINDOW);
		this.slidingWindowCounter = ours(Algorithm.SLIDING_WINDOW_COUNTER);
		this.slidingWindowLog = ours(Algorithm.SLIDING_WINDOW_LOG);
		this.multiCmd = new MultiCommandTokenBucket(this.target.commands(), this.limit.limit(Algorithm.TOKEN_BUCKET),
				LimiterClock.system());
		this.watchMultiExec = new WatchMultiExecTokenBucket(this.target, this.limit.limit(Algorithm.TOKEN_BUCKET),
				LimiterClock.system());
		this.bucket4j = new Bucket4jRedis(this.target, this.limit, false, "bench:bucket4j:");
		this.bucket4jOptimized = new Bucket4jRedis(this.target, this.limit, true, "bench:bucket4j-optimized:");
	}

	/**
	 * Closes the backends and the connections.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.clientTime.close();
		this.serverTime.close();
		this.observedClientTime.close();
		this.target.close();
	}

	/**
	 * Claims the scripts that {@link #defaults} sent since the last claim.
	 * @return the calls
	 */
	int claimDefaultsCalls() {
		return this.defaultsCalls.claim();
	}

	private RateLimiter ours(Algorithm algorithm) {
		return this.serverTime.limiter("bench-" + algorithm.configName(), this.limit.limit(algorithm), REDIS_ONLY);
	}

}
