package io.limiter;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;

import io.limiter.internal.LimiterThreads;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.redis.AdaptiveTimeout;
import io.limiter.internal.regions.GlobalLimits;
import io.limiter.internal.regions.Home;

/**
 * A {@link LimiterBackend} for a service deployed in several regions, each with its own Redis, whose
 * {@linkplain GlobalBudget global} limits hold across all of them: the budget of every key of a global limit lives in
 * one home Redis, which lends it in batches (loans with a lease) to each region's Redis; the region's instances decide
 * against that pool with one script call, as a {@link RedisBackend} decides, and borrow ahead of need, off the request
 * path. A region cut off from the home grants from its pool until its lease ends, and then by its failure policy;
 * the home lends the lapsed loan's headroom to the other regions.
 * <p>
 * Limits without {@link LimiterOptions#global()} are regional: decided in the region's Redis exactly as by a
 * {@link RedisBackend} built from {@link RegionalBackendBuilder#redis(RedisBackendBuilder)}, and so are concurrency
 * limits. A global limit is a token bucket or GCRA of one rate.
 * <pre>{@code
 * RegionalBackend backend = RegionalBackend.builder()
 *     .region("eu-west")
 *     .redis(RedisBackend.builder().cluster("redis-eu-1:6379,redis-eu-2:6379").namespace("orders"))
 *     .home(RedisBackend.builder().cluster("redis-us-1:6379,redis-us-2:6379"))
 *     .build();
 * RateLimiter api = backend.limiter("api", Limit.of(Algorithm.TOKEN_BUCKET, 10_000, Duration.ofMinutes(1)),
 *     LimiterOptions.builder().global(GlobalBudget.defaults()).build());
 * }</pre>
 */
public final class RegionalBackend implements LimiterBackend {

	private final String region;

	private final RedisBackend redis;

	private final Home home;

	private final GlobalLimits global;

	private final String description;

	/** The first limit and the budget of every global limit's name, for {@link #loans(String, String)}. */
	private final Map<String, Map.Entry<Limit, GlobalBudget>> globalNames = new ConcurrentHashMap<>();

	RegionalBackend(RegionalBackendBuilder settings) {
		this.region = settings.region;
		RedisBackendBuilder home = settings.home;
		this.redis = settings.redis.build();
		Duration floor = (home.minimumTimeout.compareTo(home.timeout) > 0) ? home.timeout : home.minimumTimeout;
		ScheduledExecutorService background = LimiterThreads.newScheduler("limiter-home");
		this.home = new Home(this.region, home.executor(new AdaptiveTimeout(floor, home.timeout), background),
				background, this.redis.keys(), home.timeout,
				new CircuitBreaker(home.breakerFailureThreshold, home.breakerOpenDuration, LimiterClock.system()),
				settings.redis.observer);
		this.global = new GlobalLimits(this.region, this.redis.scripts(), this.redis.keys(), this.home,
				settings.redis.observer, this.redis.waits(), this.redis.syncWait());
		this.description = "RegionalBackend " + this.region + ": " + this.redis + "; home Redis " + home.where();
	}

	/**
	 * Returns a builder; name the region, its Redis and the home before building.
	 * @return a new builder
	 */
	public static RegionalBackendBuilder builder() {
		return new RegionalBackendBuilder();
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * With {@link LimiterOptions#global()}, the limits' budgets are global: each limit must be a token bucket or GCRA of
	 * one rate, and the local tier is at most {@linkplain LocalTier#block() block} (a two-tier setting blocks only:
	 * the pool is the tier that lends). Without, the limiters are those of the region's {@link RedisBackend}.
	 * @throws IllegalArgumentException also when a global limit has another algorithm, several rates or a calendar
	 * period, naming the limit and what it has
	 */
	@Override
	public List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options) {
		GlobalBudget budget = options.global();
		if (budget == null) {
			return this.redis.limiters(name, limits, options);
		}
		List<RateLimiter> limiters = this.redis.limiters(name, limits, globalOptions(name, limits, options),
				(limit, policy) -> this.global.source(name, limit, budget, policy));
		this.globalNames.putIfAbsent(name, Map.entry(limits.get(0), budget));
		return limiters;
	}

	/**
	 * Changes the setting of a name, for {@link RateLimiterRegistry#update(java.util.Map)}: a regional limit as the
	 * region's {@link RedisBackend} changes it; a global one's new numbers reach the home with the region's next lends.
	 */
	List<RateLimiter> update(String name, List<Limit> limits, LimiterOptions options) {
		GlobalBudget budget = options.global();
		if (budget == null) {
			return this.redis.update(name, limits, options);
		}
		List<RateLimiter> limiters = this.redis.update(name, limits, globalOptions(name, limits, options),
				(limit, policy) -> this.global.source(name, limit, budget, policy));
		this.globalNames.put(name, Map.entry(limits.get(0), budget));
		return limiters;
	}

	/** Checks the limits of a global name and returns its options with the local tier at most block. */
	private static LimiterOptions globalOptions(String name, List<Limit> limits, LimiterOptions options) {
		for (Limit limit : limits) {
			GlobalLimits.check(name, limit);
		}
		return (options.localTier().mode() != LocalTier.Mode.TWO_TIER) ? options
				: options.toBuilder().localTier(options.localTier().toBuilder().mode(LocalTier.Mode.BLOCK).build()).build();
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Concurrency limits are regional: those of the region's {@link RedisBackend}.
	 */
	@Override
	public ConcurrencyLimiter concurrencyLimiter(String name, ConcurrencyLimit limit, LimiterOptions options) {
		return this.redis.concurrencyLimiter(name, limit, options);
	}

	/**
	 * Reads what the home and this region hold of one key of a global limit, with scripts that write nothing: the
	 * home's remaining permits, the loan ceiling, each region's loan and this region's pool. When the home does not
	 * answer within its timeout, {@link Loans#isHomeReachable()} is {@code false}.
	 * @param name the name of a global limit of this backend
	 * @param key the user's key
	 * @return the loans
	 * @throws IllegalArgumentException when no global limit of that name was made by this backend
	 * @throws LimiterBackendException when the region's Redis fails
	 */
	public Loans loans(String name, String key) {
		Map.Entry<Limit, GlobalBudget> global = this.globalNames.get(name);
		if (global == null) {
			throw new IllegalArgumentException("limit '" + name + "' is not a global limit of this backend");
		}
		return this.global.loans(name, key, global.getKey(), global.getValue());
	}

	/** {@return this region's name} */
	public String region() {
		return this.region;
	}

	/**
	 * Returns how many regions share each global limit under {@link FailurePolicy#LOCAL_FALLBACK} when the home cannot
	 * be reached: the regions whose heartbeat this backend last saw at the home (itself included; 1 until the home
	 * first answered).
	 * @return at least 1
	 */
	public int fallbackRegions() {
		return this.global.regions();
	}

	/**
	 * Returns whether the connection to the region's Redis is open now.
	 * @return {@code true} while connected
	 */
	public boolean isConnected() {
		return this.redis.isConnected();
	}

	/**
	 * Returns whether the connection to the home is open now; while it is not, the regions grant from their pools
	 * until their leases end, and then by the failure policy.
	 * @return {@code true} while connected
	 */
	public boolean isHomeConnected() {
		return this.home.isConnected();
	}

	/**
	 * Waits until the connections to the region's Redis and to the home are open, for applications that want to know
	 * at start-up.
	 * @param timeout the longest wait for both
	 * @return {@code true} once both are connected, {@code false} when the timeout passed first
	 * @throws InterruptedException when interrupted while waiting
	 */
	public boolean awaitConnection(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		return this.redis.awaitConnection(timeout)
				&& this.home.awaitConnection(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
	}

	/**
	 * Returns what is unsafe in the configuration of the region's Redis servers: see
	 * {@link RedisBackend#configurationWarnings()}.
	 * @return one line per server with an unsafe setting; empty when none was found
	 */
	public List<String> configurationWarnings() {
		return this.redis.configurationWarnings();
	}

	/**
	 * Says where the region's Redis and the home are, for logs: such as {@code RegionalBackend eu-west: Redis cluster
	 * redis-eu-1:6379, ..., namespace 'orders'; home Redis cluster redis-us-1:6379, ...}. Hosts and ports only.
	 */
	@Override
	public String toString() {
		return this.description;
	}

	/**
	 * Stops borrowing and the region's heartbeat at the home, and closes both connections. The pools belong to the
	 * region and stay for its other instances.
	 */
	@Override
	public void close() {
		try {
			this.home.close();
		}
		finally {
			this.redis.close();
		}
	}

}
