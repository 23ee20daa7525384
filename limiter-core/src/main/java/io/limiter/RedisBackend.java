package io.limiter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiFunction;
import java.util.function.IntSupplier;

import io.limiter.integration.ThrottledLog;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.FallbackCharge;
import io.limiter.internal.NamedLimits;
import io.limiter.internal.ReceiptIssuer;
import io.limiter.internal.StateKeys;
import io.limiter.internal.Waits;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.internal.concurrency.RedisConcurrency;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.failure.CircuitBreakers;
import io.limiter.internal.failure.FailurePolicyDecisionSource;
import io.limiter.internal.failure.SharedFallback;
import io.limiter.internal.local.LocalTiers;
import io.limiter.internal.memory.InMemoryStates;
import io.limiter.internal.redis.DecisionBatcher;
import io.limiter.internal.redis.EvictionPolicyCheck;
import io.limiter.internal.redis.InstanceHeartbeat;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.ObservedScriptExecutor;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * Keeps the state of every limit in Redis, standalone, Redis Cluster or the master of a Redis Sentinel setup, so
 * that a limit holds across every instance of a service. One multiplexed Lettuce connection, asynchronous all
 * the way; every decision is one EVALSHA on the node that owns the key, unless the limiter's {@link LocalTier}
 * decides it in this process (by default, a key Redis refused is refused in memory until Redis' retry-after).
 * <p>
 * The connection opens in the background, so a backend builds even while Redis is unreachable; a decision asked
 * for before it is open waits for it within the call's deadline. Each call's deadline adapts to the latency
 * observed, between {@link RedisBackendBuilder#minimumTimeout(Duration)} and
 * {@link RedisBackendBuilder#timeout(Duration)}, so a busy host is not taken for a dead Redis. Whenever a call fails or
 * times out the {@link FailurePolicy} decides, by default {@link FailurePolicy#LOCAL_FALLBACK} with this instance's
 * share of each limit (the backends count each other through a heartbeat in Redis); after repeated failures a circuit
 * breaker stops calling Redis for a while, so an outage adds no latency per decision. On a cluster each master has its
 * own breaker: a dead master stops the calls for its own keys only.
 * <p>
 * {@link #close()} gives the local tiers' unspent borrowed tokens back to Redis, waiting at most one second or the
 * timeout, whichever is longer.
 * <pre>{@code
 * try (RedisBackend backend = RedisBackend.builder().cluster("10.0.0.1:6379,10.0.0.2:6379").build()) {
 *     RateLimiter api = backend.limiter("api", Limit.of(Algorithm.GCRA, 100, Duration.ofMinutes(1)));
 * }
 * }</pre>
 */
public final class RedisBackend implements LimiterBackend {

	/** The default of {@link RedisBackendBuilder#timeout(Duration)}: the longest deadline of a call. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

	/** The default of {@link RedisBackendBuilder#minimumTimeout(Duration)}: the shortest deadline of a call. */
	public static final Duration DEFAULT_MINIMUM_TIMEOUT = Duration.ofSeconds(1);

	/** The default of {@link RedisBackendBuilder#failurePolicy(FailurePolicy)}. */
	public static final FailurePolicy DEFAULT_FAILURE_POLICY = FailurePolicy.LOCAL_FALLBACK;

	/** The default calls in flight to a node before decisions wait: {@link RedisBackendBuilder#batching(int, int)}. */
	public static final int DEFAULT_BATCH_CALLS_IN_FLIGHT = 2;

	/** The default of the most decisions in one script call: {@link RedisBackendBuilder#batching(int, int)}. */
	public static final int DEFAULT_BATCH_MAX_SIZE = 32;

	/** The largest calls in flight that {@link RedisBackendBuilder#batching(int, int)} takes. */
	public static final int MAX_BATCH_CALLS_IN_FLIGHT = 1024;

	/** The largest batch that {@link RedisBackendBuilder#batching(int, int)} takes. */
	public static final int MAX_BATCH_SIZE = 256;

	private static final Duration FAILURE_LOG_INTERVAL = Duration.ofSeconds(10);

	/** The shortest time {@link #close()} waits for unspent tokens to be given back. */
	private static final Duration GIVE_BACK_WAIT = Duration.ofSeconds(1);

	private final LettuceScriptExecutor<?> executor;

	private final String description;

	private final StateKeys keys;

	private final ScriptExecutor scripts;

	private final FailurePolicy failurePolicy;

	private final IntSupplier fallbackInstances;

	private final LimiterClock clientClock;

	private final Duration timeout;

	private final Duration syncWait;

	private final LimiterObserver observer;

	private final CircuitBreakers breakers;

	private final ThrottledLog failureLog;

	private final InMemoryStates fallbackStates;

	private final LocalTiers localTiers;

	private final Waits waits;

	private final InstanceHeartbeat heartbeat;

	private final EvictionPolicyCheck evictionPolicy;

	private final NamedLimits names = new NamedLimits();

	private final RedisConcurrency concurrency;

	RedisBackend(LettuceScriptExecutor<?> executor, ScheduledExecutorService background, RedisBackendBuilder settings) {
		this.executor = executor;
		this.evictionPolicy = new EvictionPolicyCheck(executor, settings.where());
		this.description = "Redis " + settings.where()
				+ ((settings.namespace != null) ? ", namespace '" + settings.namespace + "'" : ", no namespace");
		this.keys = StateKeys.of(settings.namespace);
		this.waits = new Waits(background);
		ScriptExecutor decisions = settings.batching ? new DecisionBatcher(executor,
				settings.isCluster() ? executor::nodeOf : (key) -> "", settings.isCluster(),
				settings.batchCallsInFlight, settings.batchMaxSize) : executor;
		this.scripts = (settings.observer == LimiterObserver.NONE) ? decisions
				: new ObservedScriptExecutor(decisions, settings.observer);
		this.failurePolicy = settings.failurePolicy;
		this.clientClock = settings.clientClock;
		this.timeout = settings.timeout;
		this.syncWait = syncWait(settings.timeout);
		this.observer = settings.observer;
		this.breakers = new CircuitBreakers(settings.breakerFailureThreshold, settings.breakerOpenDuration,
				LimiterClock.system());
		this.failureLog = new ThrottledLog(System.getLogger("io.limiter"), FAILURE_LOG_INTERVAL,
				LimiterClock.system());
		LimiterClock localClock = (settings.localClock != null) ? settings.localClock
				: (settings.clientClock != null) ? settings.clientClock : LimiterClock.system();
		this.fallbackStates = new InMemoryStates(localClock, InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT,
				"the local fallback's maximum", settings.observer);
		for (Algorithm algorithm : Algorithm.values()) {
			decisions.load(LimitAlgorithm.of(algorithm).script());
			executor.load(LimitAlgorithm.of(algorithm).severalRatesScript());
			executor.load(LimitAlgorithm.of(algorithm).adjustScript());
			executor.load(LimitAlgorithm.of(algorithm).severalRatesAdjustScript());
		}
		if (settings.fallbackInstances > 0) {
			int fixed = settings.fallbackInstances;
			this.heartbeat = null;
			this.fallbackInstances = () -> fixed;
		}
		else {
			this.heartbeat = new InstanceHeartbeat(executor, this.keys, background);
			this.fallbackInstances = this.heartbeat::instances;
		}
		this.localTiers = new LocalTiers(this.scripts, this.keys, localClock, settings.clientClock, this.syncWait,
				settings.timeout, background);
		this.concurrency = new RedisConcurrency(this.keys, this.scripts, settings.clientClock, this.syncWait,
				this.fallbackInstances, this.breakers, this::breakerFor, settings.observer, this.failureLog,
				background);
	}

	/**
	 * Returns how long a synchronous decision waits at most: its call fails by itself at its deadline, and a
	 * backend not yet connected first waits for the connection within one, so this only guards against a call
	 * that never completes.
	 */
	private static Duration syncWait(Duration timeout) {
		return timeout.multipliedBy(2);
	}

	/**
	 * Returns a builder; name one of standalone, cluster, sentinel or a client before building.
	 * @return a new builder
	 */
	public static RedisBackendBuilder builder() {
		return new RedisBackendBuilder();
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Limiters of the same name, limit and local tier setting share one local tier.
	 */
	@Override
	public List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options) {
		return this.names.obtain(name, limits, options, () -> build(name, limits, options));
	}

	/**
	 * Changes the setting of a name, for {@link RateLimiterRegistry#update(java.util.Map)}: see {@link LimiterBackend} on
	 * changing a limit.
	 */
	List<RateLimiter> update(String name, List<Limit> limits, LimiterOptions options) {
		return this.names.update(name, limits, options, () -> build(name, limits, options));
	}

	/**
	 * Returns limiters of a name whose decisions the given sources make in place of the scripts of the limits'
	 * algorithms, behind this backend's local tier, failure policy, breakers and observer, for
	 * {@link RegionalBackend}'s global limits.
	 * @param remote makes the source of one limit, given the limit's failure policy
	 */
	List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options,
			BiFunction<Limit, FailurePolicy, DecisionSource> remote) {
		return this.names.obtain(name, limits, options, () -> build(name, limits, options, remote));
	}

	/**
	 * Changes the setting of a name whose decisions the given sources make, as {@link #update(String, List,
	 * LimiterOptions)} does, for {@link RegionalBackend}'s global limits.
	 */
	List<RateLimiter> update(String name, List<Limit> limits, LimiterOptions options,
			BiFunction<Limit, FailurePolicy, DecisionSource> remote) {
		return this.names.update(name, limits, options, () -> build(name, limits, options, remote));
	}

	private List<RateLimiter> build(String name, List<Limit> limits, LimiterOptions options) {
		return build(name, limits, options, (limit, policy) -> new RedisDecisionSource(this.keys, name, limit,
				this.scripts, this.clientClock, this.syncWait));
	}

	private List<RateLimiter> build(String name, List<Limit> limits, LimiterOptions options,
			BiFunction<Limit, FailurePolicy, DecisionSource> remote) {
		FailurePolicy policy = (options.failurePolicy() != null) ? options.failurePolicy() : this.failurePolicy;
		List<DecisionSource> redis = new ArrayList<>(limits.size());
		for (Limit limit : limits) {
			redis.add(remote.apply(limit, policy));
		}
		List<SharedFallback> fallbacks = new ArrayList<>(limits.size());
		List<FallbackCharge> charges = new ArrayList<>(limits.size());
		for (Limit limit : limits) {
			SharedFallback fallback = (policy != FailurePolicy.LOCAL_FALLBACK) ? null
					: new SharedFallback(name, limit, this.fallbackInstances, this.fallbackStates);
			fallbacks.add(fallback);
			charges.add((fallback != null) ? fallback : FallbackCharge.NONE);
		}
		List<DecisionSource> local = this.localTiers.sources(name, limits, options.localTier(), redis, charges);
		List<RateLimiter> limiters = new ArrayList<>(limits.size());
		for (int i = 0; i < limits.size(); i++) {
			Limit limit = limits.get(i);
			limiters.add(new DefaultRateLimiter(new ReceiptIssuer(this, name, i, limit.algorithm()), limit,
					new FailurePolicyDecisionSource(name, limit, local.get(i), policy, fallbacks.get(i), this.breakers,
							(key) -> breakerFor(name, key), this.observer, this.failureLog),
					this.waits, this.observer));
		}
		return limiters;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A permit is one member of the key's sorted set ({@code limiter:{name:key}:inflight}), scored by the end of its
	 * lease in Redis time: one script call takes it; its release is queued and travels with the next take or look of
	 * the same hash slot on this backend, or alone at most 5 ms later, several releases of one slot in one call; this
	 * backend renews the leases of its open permits every third of the lease. {@link #close()} sends the releases
	 * still queued and releases no open permit: those count until their lease ends, as those of a process that
	 * died. While Redis fails, {@link FailurePolicy#LOCAL_FALLBACK} grants up to this
	 * instance's share {@code ceil(maxInFlight / instances)}, counting every permit it holds of the key, and releases
	 * such permits in this process.
	 */
	@Override
	public ConcurrencyLimiter concurrencyLimiter(String name, ConcurrencyLimit limit, LimiterOptions options) {
		return this.names.obtainConcurrency(name, limit, options, () -> this.concurrency.limiter(name, limit,
				(options.failurePolicy() != null) ? options.failurePolicy() : this.failurePolicy));
	}

	/**
	 * Returns the breaker of the node that serves a key now. While it is open, the key's slot may have moved,
	 * to a replica promoted after its master died, so the routing is reloaded (at most every 500 ms): no call
	 * fails any more to tell that it has to be.
	 */
	private CircuitBreaker breakerFor(String name, String key) {
		CircuitBreaker breaker = this.breakers.forNode(this.executor.nodeOf(this.keys.stateKey(name, key)));
		if (breaker.isOpen()) {
			this.executor.refreshRouting();
		}
		return breaker;
	}

	/**
	 * Returns how many instances share each limit under {@link FailurePolicy#LOCAL_FALLBACK}: the
	 * {@linkplain RedisBackendBuilder#fallbackInstances(int) configured number}, or else the number of instances whose
	 * heartbeat this backend last saw in Redis (itself included; 1 until Redis first answered).
	 * @return at least 1
	 */
	public int fallbackInstances() {
		return this.fallbackInstances.getAsInt();
	}

	/**
	 * Returns whether the connection to Redis is open now; while it is not, Lettuce reconnects it in the
	 * background and the failure policy decides.
	 * @return {@code true} while connected
	 */
	public boolean isConnected() {
		return this.executor.isConnected();
	}

	/**
	 * Waits until the connection to Redis is open, for applications that want to know at start-up.
	 * @param timeout the longest wait
	 * @return {@code true} once connected, {@code false} when the timeout passed first
	 * @throws InterruptedException when interrupted while waiting
	 */
	public boolean awaitConnection(Duration timeout) throws InterruptedException {
		return this.executor.awaitConnection(timeout);
	}

	/**
	 * Returns whether a circuit breaker is refusing calls to Redis, or to a node of the cluster, after repeated
	 * failures.
	 * @return {@code true} while Redis, or one of its nodes, is considered down
	 */
	public boolean isCircuitOpen() {
		return this.breakers.isAnyOpen();
	}

	/**
	 * Returns what is unsafe in the configuration of the Redis servers, as read at each connection: a server that
	 * may evict Limiter's keys (a {@code maxmemory} with a {@code maxmemory-policy} other than {@code noeviction})
	 * resets the limits of the keys it evicts. Each is also logged once as a warning. A server whose configuration
	 * cannot be read ({@code CONFIG} denied by an ACL) is said once at INFO and not warned of.
	 * @return one line per server with an unsafe setting, naming it and the setting to use; empty when none was found
	 */
	public List<String> configurationWarnings() {
		return this.evictionPolicy.warnings();
	}

	/** {@return the executor of this backend's scripts, observed, for the global limits of a region} */
	ScriptExecutor scripts() {
		return this.scripts;
	}

	/** {@return the keys of this backend's namespace} */
	StateKeys keys() {
		return this.keys;
	}

	/** {@return the scheduler of this backend's waits} */
	Waits waits() {
		return this.waits;
	}

	/** {@return the longest a synchronous call waits} */
	Duration syncWait() {
		return this.syncWait;
	}

	/**
	 * Says where Redis is and the namespace, for logs: such as {@code Redis cluster 10.0.0.1:6379, 10.0.0.2:6379
	 * (TLS), namespace 'orders'}. Hosts and ports only, never credentials.
	 */
	@Override
	public String toString() {
		return this.description;
	}

	@Override
	public void close() {
		Duration wait = (this.timeout.compareTo(GIVE_BACK_WAIT) > 0) ? this.timeout : GIVE_BACK_WAIT;
		try {
			this.concurrency.close();
			if (this.heartbeat != null) {
				this.heartbeat.leave(wait);
			}
			this.localTiers.close(wait);
		}
		finally {
			try {
				this.executor.close();
			}
			finally {
				this.waits.close();
			}
		}
	}

}
