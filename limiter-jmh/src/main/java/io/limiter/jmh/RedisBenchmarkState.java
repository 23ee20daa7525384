package io.limiter.jmh;

import io.limiter.Algorithm;
import io.limiter.LimiterClock;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.internal.benchmark.BenchmarkAccess;
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
 * {@link LimitParams}. The script variants run without a local tier ({@link LocalTier#none()}) on a backend that
 * fails closed, so that every decision is a script call; {@code defaults} is a limiter built with no options on a
 * backend built with the defaults (the failure policy {@code LOCAL_FALLBACK}, which charges every grant to the
 * instance's share, and the adaptive timeout) but for the client's time, as {@code luaEvalSha}'s (a name has one
 * setting per backend); it is counted as one call for each decision its local tier did not make, and a decision of
 * its failure policy fails the fork. Nothing is added to its calls that {@code luaEvalSha}'s do not have, so their
 * ratio is the cost of the default path around the script call.
 * <p>
 * With {@code redis} empty (and no system property {@value #REDIS_PROPERTY}) the fork starts its own
 * 3-master/3-replica cluster. Cluster seeds in {@code -p redis=...} are separated by {@code ;}, because JMH
 * splits parameter values at commas.
 */
@State(Scope.Benchmark)
public class RedisBenchmarkState {

	/** The system property that names a Redis when the {@code redis} parameter is empty. */
	public static final String REDIS_PROPERTY = "limiter.jmh.redis";

	/**
	 * The limit name of every token bucket variant. The name is part of each key's hash tag, so it decides which
	 * master a key lands on; under different names the few hottest keys of {@code many_keys} landed differently, and
	 * the busiest master took 35.9 % of the draws under one name and 38.8 % under another, enough alone to make one
	 * variant about 8 % slower than another. Each variant runs in a fork of its own, so they do not meet in one run.
	 */
	static final String LIMIT_NAME = "bench-" + Algorithm.TOKEN_BUCKET.configName();

	/** The options of the variants that measure Redis alone: every decision is a script call. */
	static final LimiterOptions REDIS_ONLY = LimiterOptions.builder().localTier(LocalTier.none()).build();

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

	private RedisBackend clientTimeDefaults;

	private RedisBackend serverTime;

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
		this.clientTimeDefaults = this.target.backendWithDefaults(LimiterClock.system());
		this.serverTime = this.target.backend(null);
		this.luaClientTime = this.clientTime.limiter(LIMIT_NAME, this.limit.limit(Algorithm.TOKEN_BUCKET),
				REDIS_ONLY);
		this.defaults = this.clientTimeDefaults.limiter(LIMIT_NAME, this.limit.limit(Algorithm.TOKEN_BUCKET));
		this.luaServerTime = ours(Algorithm.TOKEN_BUCKET);
		this.gcra = ours(Algorithm.GCRA);
		this.fixedWindow = ours(Algorithm.FIXED_WINDOW);
		this.slidingWindowCounter = ours(Algorithm.SLIDING_WINDOW_COUNTER);
		this.slidingWindowLog = ours(Algorithm.SLIDING_WINDOW_LOG);
		this.multiCmd = new MultiCommandTokenBucket(this.target.commands(), this.limit.limit(Algorithm.TOKEN_BUCKET),
				LimiterClock.system());
		this.watchMultiExec = new WatchMultiExecTokenBucket(this.target, this.limit.limit(Algorithm.TOKEN_BUCKET),
				LimiterClock.system());
		this.bucket4j = new Bucket4jRedis(this.target, this.limit, false, (key) -> besideOurs(key, "bucket4j"));
		this.bucket4jOptimized = new Bucket4jRedis(this.target, this.limit, true,
				(key) -> besideOurs(key, "bucket4j-optimized"));
	}

	/**
	 * Closes the backends and the connections.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.clientTime.close();
		this.clientTimeDefaults.close();
		this.serverTime.close();
		this.target.close();
	}

	/**
	 * Returns a peer's Redis key of a key: our token bucket's key of it with the peer's name after it, so on the
	 * same hash tag and slot, and the peer's keys land on the masters ours do.
	 * @param key the benchmark's key
	 * @param peer the peer's name, which keeps its keys apart from ours
	 * @return the peer's Redis key
	 */
	static String besideOurs(String key, String peer) {
		return BenchmarkAccess.decisionKeys(Algorithm.TOKEN_BUCKET, LIMIT_NAME, key)[0] + ":" + peer;
	}

	private RateLimiter ours(Algorithm algorithm) {
		return this.serverTime.limiter("bench-" + algorithm.configName(), this.limit.limit(algorithm), REDIS_ONLY);
	}

}
