package io.limiter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.IntSupplier;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.LimitNames;
import io.limiter.internal.LimitPlans;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.failure.CircuitBreakers;
import io.limiter.internal.failure.FailurePolicyDecisionSource;
import io.limiter.internal.failure.SharedFallback;
import io.limiter.internal.ThrottledLog;
import io.limiter.internal.Waits;
import io.limiter.internal.local.LocalTiers;
import io.limiter.internal.memory.InMemoryStates;
import io.limiter.internal.redis.AdaptiveTimeout;
import io.limiter.internal.redis.InstanceHeartbeat;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.ObservedScriptExecutor;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.RedisEndpoints;
import io.limiter.internal.redis.RedisExecutors;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * Keeps the state of every limit in Redis, standalone, Redis Cluster or the master of a Redis Sentinel setup, so
 * that a limit holds across every instance of a service. One multiplexed Lettuce connection, asynchronous all
 * the way; every decision is one EVALSHA on the node that owns the key, unless the limiter's {@link LocalTier}
 * decides it in this process (by default, a key Redis refused is refused in memory until Redis' retry-after).
 * <p>
 * The connection opens in the background, so a backend builds even while Redis is unreachable; a decision asked
 * for before it is open waits for it within the call's deadline. Each call's deadline adapts to the latency
 * observed, between {@link Builder#minimumTimeout(Duration)} and {@link Builder#timeout(Duration)}, so a busy
 * host is not taken for a dead Redis. Whenever a call fails or times out the {@link FailurePolicy} decides, by
 * default {@link FailurePolicy#LOCAL_FALLBACK} with this instance's share of each limit (the backends count each
 * other through a heartbeat in Redis); after repeated failures a circuit breaker stops calling Redis for a
 * while, so an outage adds no latency per decision. On a cluster each master has its own breaker: a dead master
 * stops the calls for its own keys only.
 * <p>
 * {@link #close()} gives the local tiers' unspent borrowed tokens back to Redis, waiting at most
 * {@link #GIVE_BACK_WAIT} or the timeout, whichever is longer.
 * <pre>{@code
 * try (RedisBackend backend = RedisBackend.builder().cluster("10.0.0.1:6379,10.0.0.2:6379").build()) {
 *     RateLimiter api = backend.limiter("api", Limit.of(Algorithm.GCRA, 100, Duration.ofMinutes(1)));
 * }
 * }</pre>
 */
public final class RedisBackend implements LimiterBackend {

	/** The default of {@link Builder#timeout(Duration)}: the longest deadline of a call. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

	/** The default of {@link Builder#minimumTimeout(Duration)}: the shortest deadline of a call. */
	public static final Duration DEFAULT_MINIMUM_TIMEOUT = Duration.ofSeconds(1);

	/** The default of {@link Builder#failurePolicy(FailurePolicy)}. */
	public static final FailurePolicy DEFAULT_FAILURE_POLICY = FailurePolicy.LOCAL_FALLBACK;

	private static final long FAILURE_LOG_INTERVAL_MILLIS = 10_000;

	/** The shortest time {@link #close()} waits for unspent tokens to be given back. */
	public static final Duration GIVE_BACK_WAIT = Duration.ofSeconds(1);

	private final LettuceScriptExecutor<?> executor;

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

	private RedisBackend(LettuceScriptExecutor<?> executor, ScheduledExecutorService background, Builder settings) {
		this.executor = executor;
		this.waits = new Waits(background);
		this.scripts = (settings.observer == LimiterObserver.NONE) ? executor
				: new ObservedScriptExecutor(executor, settings.observer);
		this.failurePolicy = settings.failurePolicy;
		this.clientClock = settings.clientClock;
		this.timeout = settings.timeout;
		this.syncWait = syncWait(settings.timeout);
		this.observer = settings.observer;
		this.breakers = new CircuitBreakers(settings.breakerFailureThreshold, settings.breakerOpenDuration,
				LimiterClock.system());
		this.failureLog = new ThrottledLog(ThrottledLog.CORE_LOGGER, FAILURE_LOG_INTERVAL_MILLIS,
				LimiterClock.system());
		this.fallbackStates = new InMemoryStates(LimiterClock.system(), InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT,
				settings.observer);
		for (Algorithm algorithm : Algorithm.values()) {
			executor.load(LimitAlgorithm.of(algorithm).script());
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
			this.heartbeat = new InstanceHeartbeat(executor, background);
			this.fallbackInstances = this.heartbeat::instances;
		}
		LimiterClock localClock = (settings.localClock != null) ? settings.localClock
				: (settings.clientClock != null) ? settings.clientClock : LimiterClock.system();
		this.localTiers = new LocalTiers(this.scripts, localClock, settings.clientClock, this.syncWait, background);
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
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Limiters of the same name, limit and local tier setting share one local tier.
	 */
	@Override
	public RateLimiter limiter(String name, Limit limit, LimiterOptions options) {
		return limiters(name, List.of(Objects.requireNonNull(limit, "limit must not be null")), options).get(0);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Limiters of the same name, limit and local tier setting share one local tier.
	 */
	@Override
	public List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options) {
		LimitNames.check(name);
		LimitPlans.check(name, limits);
		Objects.requireNonNull(options, "options must not be null");
		FailurePolicy policy = (options.failurePolicy() != null) ? options.failurePolicy() : this.failurePolicy;
		List<DecisionSource> redis = new ArrayList<>(limits.size());
		for (Limit limit : limits) {
			redis.add(new RedisDecisionSource(name, limit, this.scripts, this.clientClock, this.syncWait));
		}
		List<DecisionSource> local = this.localTiers.sources(name, limits, options.localTier(), redis);
		List<RateLimiter> limiters = new ArrayList<>(limits.size());
		for (int i = 0; i < limits.size(); i++) {
			Limit limit = limits.get(i);
			SharedFallback fallback = (policy != FailurePolicy.LOCAL_FALLBACK) ? null
					: new SharedFallback(name, limit, this.fallbackInstances, this.fallbackStates);
			limiters.add(new DefaultRateLimiter(name, limit, new FailurePolicyDecisionSource(name, limit, local.get(i),
					policy, fallback, this.breakers, (key) -> breakerFor(name, key), this.observer, this.failureLog),
					this.waits, this.observer));
		}
		return limiters;
	}

	/**
	 * Returns the breaker of the node that serves a key now. While it is open, the key's slot may have moved,
	 * to a replica promoted after its master died, so the routing is reloaded (at most every 500 ms): no call
	 * fails any more to tell that it has to be.
	 */
	private CircuitBreaker breakerFor(String name, String key) {
		CircuitBreaker breaker = this.breakers.forNode(this.executor.nodeOf(StateKeys.redisKey(name, key)));
		if (breaker.isOpen()) {
			this.executor.refreshRouting();
		}
		return breaker;
	}

	/**
	 * Returns how many instances share each limit under {@link FailurePolicy#LOCAL_FALLBACK}: the
	 * {@linkplain Builder#fallbackInstances(int) configured number}, or else the number of instances whose
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

	@Override
	public void close() {
		Duration wait = (this.timeout.compareTo(GIVE_BACK_WAIT) > 0) ? this.timeout : GIVE_BACK_WAIT;
		try {
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

	/**
	 * Builds a {@link RedisBackend}.
	 */
	public static final class Builder {

		private RedisURI standalone;

		private List<RedisURI> cluster;

		private RedisURI sentinel;

		private RedisClient client;

		private RedisClusterClient clusterClient;

		private Duration timeout = DEFAULT_TIMEOUT;

		private Duration minimumTimeout = DEFAULT_MINIMUM_TIMEOUT;

		private LimiterClock clientClock;

		private FailurePolicy failurePolicy = DEFAULT_FAILURE_POLICY;

		private int fallbackInstances;

		private int breakerFailureThreshold = 5;

		private Duration breakerOpenDuration = Duration.ofSeconds(1);

		private LimiterObserver observer = LimiterObserver.NONE;

		private LimiterClock localClock;

		private Path trustedCertificates;

		private Builder() {
		}

		/**
		 * Trusts the certificates of a PEM file, typically the certificate authority that signed the server's
		 * certificate, for {@code rediss://} URLs of a {@link #standalone(String) standalone} server or
		 * {@link #cluster(String) cluster} seeds, instead of the JVM's default trust store. The server's host
		 * name is still verified against its certificate.
		 * @param pemFile a readable PEM file of one or more certificates
		 * @return this builder
		 * @throws IllegalArgumentException naming the path when the file cannot be read
		 */
		public Builder trustedCertificates(Path pemFile) {
			Objects.requireNonNull(pemFile, "trustedCertificates must not be null");
			if (!Files.isReadable(pemFile)) {
				throw new IllegalArgumentException("trustedCertificates must be a readable PEM file but was '"
						+ pemFile + "'");
			}
			this.trustedCertificates = pemFile;
			return this;
		}

		/**
		 * Sets what a decision is when Redis fails, times out, or is being skipped by the circuit breaker.
		 * @param policy the policy; {@link FailurePolicy#LOCAL_FALLBACK} by default
		 * @return this builder
		 */
		public Builder failurePolicy(FailurePolicy policy) {
			this.failurePolicy = Objects.requireNonNull(policy, "failurePolicy must not be null");
			return this;
		}

		/**
		 * Sets how many instances of the service share a limit, so that under
		 * {@link FailurePolicy#LOCAL_FALLBACK} each decides with {@code ceil(capacity / instances)}. By default
		 * the backends count each other through a heartbeat in Redis, so this is only for a fixed number.
		 * @param instances at least 1
		 * @return this builder
		 */
		public Builder fallbackInstances(int instances) {
			if (instances < 1) {
				throw new IllegalArgumentException("fallbackInstances must be at least 1 but was " + instances);
			}
			this.fallbackInstances = instances;
			return this;
		}

		/**
		 * Sets when the circuit breaker of a server, or of a cluster master, opens and how long it stays open
		 * before a probe.
		 * @param consecutiveFailures failures in a row that open it, at least 1; 5 by default
		 * @param openDuration how long it refuses calls, positive; 1 s by default
		 * @return this builder
		 */
		public Builder circuitBreaker(int consecutiveFailures, Duration openDuration) {
			if (consecutiveFailures < 1) {
				throw new IllegalArgumentException(
						"circuit breaker consecutiveFailures must be at least 1 but was " + consecutiveFailures);
			}
			Objects.requireNonNull(openDuration, "openDuration must not be null");
			if (openDuration.isNegative() || openDuration.isZero()) {
				throw new IllegalArgumentException("circuit breaker openDuration must be positive but was "
						+ openDuration);
			}
			this.breakerFailureThreshold = consecutiveFailures;
			this.breakerOpenDuration = openDuration;
			return this;
		}

		/**
		 * Sets who hears of Redis calls and failures, for metrics.
		 * @param observer the observer
		 * @return this builder
		 */
		public Builder observer(LimiterObserver observer) {
			this.observer = Objects.requireNonNull(observer, "observer must not be null");
			return this;
		}

		/**
		 * Uses a standalone server.
		 * @param url {@code redis://[user:password@]host:port[/database]} or {@code rediss://...} for TLS
		 * @return this builder
		 * @throws IllegalArgumentException naming the value, its user info masked, when it is not such a URL
		 */
		public Builder standalone(String url) {
			this.standalone = RedisEndpoints.url(url);
			return this;
		}

		/**
		 * Uses a Redis Cluster.
		 * @param nodes comma-separated {@code host:port} of some of its nodes, or their
		 * {@code redis://[user:password@]host:port} URLs (or {@code rediss://} for TLS) when the cluster needs
		 * credentials: Lettuce uses those of the first node for every node
		 * @return this builder
		 * @throws IllegalArgumentException naming the node, its user info masked, when it is neither
		 * {@code host:port} nor a URL
		 */
		public Builder cluster(String nodes) {
			this.cluster = RedisEndpoints.nodes(nodes);
			return this;
		}

		/**
		 * Uses the master of a Redis Sentinel setup, wherever the Sentinels say it is: they are asked at each
		 * (re)connection, and their {@code +switch-master} announcements move the connection to the promoted
		 * replica at once, also when the old master is still alive. Meanwhile the failure policy decides.
		 * @param master the name under which the Sentinels monitor the master
		 * @param nodes comma-separated {@code host:port} of some of the Sentinels, or their
		 * {@code redis://[user:password@]host:port} URLs (or {@code rediss://} for TLS) when they need credentials:
		 * the master and its replicas are reached with the credentials and database of the first one, whose
		 * scheme decides TLS for every Sentinel and server
		 * @return this builder
		 * @throws IllegalArgumentException naming the field and the value, its user info masked, when the master
		 * name is blank or a node is neither {@code host:port} nor a URL
		 */
		public Builder sentinel(String master, String nodes) {
			this.sentinel = RedisEndpoints.sentinel(master, nodes);
			return this;
		}

		/**
		 * Uses a standalone client the application owns; closing the backend leaves it open.
		 * @param client the client
		 * @return this builder
		 */
		public Builder client(RedisClient client) {
			this.client = Objects.requireNonNull(client, "client must not be null");
			return this;
		}

		/**
		 * Uses a cluster client the application owns; closing the backend leaves it open.
		 * @param client the client
		 * @return this builder
		 */
		public Builder client(RedisClusterClient client) {
			this.clusterClient = Objects.requireNonNull(client, "client must not be null");
			return this;
		}

		/**
		 * Sets the longest deadline of a Redis call, also on a client the application passed in. The deadline
		 * of each call adapts to the latency observed (a smoothed latency plus four of its deviations, doubled
		 * after each timeout), between the {@linkplain #minimumTimeout(Duration) minimum} and this; a minimum
		 * that is larger is lowered to it, so setting only this to a small value fixes the deadline.
		 * @param timeout positive; 2 s by default
		 * @return this builder
		 */
		public Builder timeout(Duration timeout) {
			this.timeout = positive("timeout", timeout);
			return this;
		}

		/**
		 * Sets the shortest deadline of a Redis call, so that a run of fast answers does not make a pause of
		 * the client, such as a garbage collection, look like a failure. Equal to the
		 * {@linkplain #timeout(Duration) timeout}, the deadline is fixed.
		 * @param minimumTimeout positive; 1 s by default, as TCP's smallest retransmission timeout
		 * @return this builder
		 */
		public Builder minimumTimeout(Duration minimumTimeout) {
			this.minimumTimeout = positive("minimumTimeout", minimumTimeout);
			return this;
		}

		private static Duration positive(String name, Duration value) {
			Objects.requireNonNull(value, name + " must not be null");
			if (value.isNegative() || value.isZero()) {
				throw new IllegalArgumentException(name + " must be positive but was " + value);
			}
			return value;
		}

		/**
		 * Sends this clock's time to the scripts instead of using the Redis server's {@code TIME}. A time
		 * before the one a key stores never refills it or moves its window back.
		 * @param clock the client clock
		 * @return this builder
		 */
		public Builder clientClock(LimiterClock clock) {
			this.clientClock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Sets the clock of the local tier (lease expiry, retry deadlines, blocks); tests pass one they can
		 * move. Defaults to the {@linkplain #clientClock(LimiterClock) client clock} when one is set, else to
		 * {@link LimiterClock#system()}.
		 * @param clock the local clock
		 * @return this builder
		 */
		public Builder localClock(LimiterClock clock) {
			this.localClock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Builds the backend; the connection opens in the background, and a call made before it is open waits
		 * for it within the call's deadline.
		 * @return the backend
		 * @throws IllegalStateException when no server, or more than one kind of server, was named
		 */
		public RedisBackend build() {
			int named = (this.standalone != null ? 1 : 0) + (this.cluster != null ? 1 : 0)
					+ (this.sentinel != null ? 1 : 0) + (this.client != null ? 1 : 0)
					+ (this.clusterClient != null ? 1 : 0);
			if (named != 1) {
				throw new IllegalStateException(
						"name exactly one of standalone, cluster, sentinel or a client, but " + named + " were named");
			}
			Duration floor = (this.minimumTimeout.compareTo(this.timeout) > 0) ? this.timeout : this.minimumTimeout;
			ScheduledExecutorService background = LimiterThreads.newScheduler("limiter-redis");
			RedisExecutors.Settings settings = new RedisExecutors.Settings(new AdaptiveTimeout(floor, this.timeout),
					this.trustedCertificates, background);
			LettuceScriptExecutor<?> executor;
			if (this.standalone != null) {
				executor = RedisExecutors.standalone(this.standalone, settings);
			}
			else if (this.cluster != null) {
				executor = RedisExecutors.cluster(this.cluster, settings);
			}
			else if (this.sentinel != null) {
				executor = RedisExecutors.sentinel(this.sentinel, settings);
			}
			else if (this.client != null) {
				executor = RedisExecutors.standalone(this.client, settings);
			}
			else {
				executor = RedisExecutors.cluster(this.clusterClient, settings);
			}
			return new RedisBackend(executor, background, this);
		}

	}

}
