package io.limiter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.LimitNames;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.failure.CircuitBreakers;
import io.limiter.internal.failure.FailurePolicyDecisionSource;
import io.limiter.internal.failure.ThrottledLog;
import io.limiter.internal.memory.InMemoryDecisionSource;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.ObservedScriptExecutor;
import io.limiter.internal.local.LocalTiers;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.RedisExecutors;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * Keeps the state of every limit in Redis, standalone or Redis Cluster, so that a limit holds across every
 * instance of a service. One multiplexed Lettuce connection, asynchronous all the way; every decision is one
 * EVALSHA on the node that owns the key, unless the limiter's {@link LocalTier} decides it in this process (by
 * default, a key Redis refused is refused in memory until Redis' retry-after).
 * <p>
 * The connection opens in the background, so a backend builds even while Redis is unreachable. Until Redis
 * answers, and whenever a call fails or times out, the {@link FailurePolicy} decides; after repeated failures
 * a circuit breaker stops calling Redis for a while, so an outage adds no latency per decision. On a cluster
 * each master has its own breaker: a dead master stops the calls for its own keys only.
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

	/** The default of {@link Builder#timeout(Duration)}. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(50);

	/** The default of {@link Builder#failurePolicy(FailurePolicy)}. */
	public static final FailurePolicy DEFAULT_FAILURE_POLICY = FailurePolicy.FAIL_OPEN;

	private static final long FAILURE_LOG_INTERVAL_MILLIS = 10_000;

	/** The shortest time {@link #close()} waits for unspent tokens to be given back. */
	public static final Duration GIVE_BACK_WAIT = Duration.ofSeconds(1);

	private final LettuceScriptExecutor<?> executor;

	private final ScriptExecutor scripts;

	private final FailurePolicy failurePolicy;

	private final int fallbackInstances;

	private final LimiterClock clientClock;

	private final Duration timeout;

	private final LimiterObserver observer;

	private final CircuitBreakers breakers;

	private final ThrottledLog failureLog;

	private final Map<String, DecisionSource> fallbacks = new ConcurrentHashMap<>();

	private final LocalTiers localTiers;

	private RedisBackend(LettuceScriptExecutor<?> executor, Builder settings) {
		this.executor = executor;
		this.scripts = (settings.observer == LimiterObserver.NONE) ? executor
				: new ObservedScriptExecutor(executor, settings.observer);
		this.failurePolicy = settings.failurePolicy;
		this.fallbackInstances = settings.fallbackInstances;
		this.clientClock = settings.clientClock;
		this.timeout = settings.timeout;
		this.observer = settings.observer;
		this.breakers = new CircuitBreakers(settings.breakerFailureThreshold, settings.breakerOpenDuration,
				LimiterClock.system());
		this.failureLog = new ThrottledLog(FAILURE_LOG_INTERVAL_MILLIS, LimiterClock.system());
		for (Algorithm algorithm : Algorithm.values()) {
			executor.load(LimitAlgorithm.of(algorithm).script());
		}
		LimiterClock localClock = (settings.localClock != null) ? settings.localClock
				: (settings.clientClock != null) ? settings.clientClock : LimiterClock.system();
		this.localTiers = new LocalTiers(this.scripts, localClock, settings.clientClock, settings.timeout);
	}

	/**
	 * Returns a builder; name one of standalone, cluster or a client before building.
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
		LimitNames.check(name);
		Objects.requireNonNull(limit, "limit must not be null");
		Objects.requireNonNull(options, "options must not be null");
		FailurePolicy policy = (options.failurePolicy() != null) ? options.failurePolicy() : this.failurePolicy;
		RedisDecisionSource redis = new RedisDecisionSource(name, limit, this.scripts, this.clientClock, this.timeout);
		DecisionSource local = this.localTiers.source(name, limit, options.localTier(), redis);
		DecisionSource fallback = (policy != FailurePolicy.LOCAL_FALLBACK) ? null
				: this.fallbacks.computeIfAbsent(name + '\u0000' + limit, (ignored) -> localFallback(limit));
		return new DefaultRateLimiter(name, limit, new FailurePolicyDecisionSource(name, limit, local, policy,
				fallback, this.breakers, (key) -> breakerFor(name, key), this.observer, this.failureLog));
	}

	/**
	 * Returns the breaker of the node that serves a key now. While it is open, the key's slot may have moved,
	 * to a replica promoted after its master died, so the routing is reloaded (at most once a second): no call
	 * fails any more to tell that it has to be.
	 */
	private CircuitBreaker breakerFor(String name, String key) {
		CircuitBreaker breaker = this.breakers.forNode(this.executor.nodeOf(StateKeys.redisKey(name, key)));
		if (breaker.isOpen()) {
			this.executor.refreshRouting();
		}
		return breaker;
	}

	private DecisionSource localFallback(Limit limit) {
		long share = Math.max(1, limit.capacity() / this.fallbackInstances);
		return new InMemoryDecisionSource(limit.toBuilder().capacity(share).build(), LimiterClock.system(),
				InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT);
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
		try {
			this.localTiers.close((this.timeout.compareTo(GIVE_BACK_WAIT) > 0) ? this.timeout : GIVE_BACK_WAIT);
		}
		finally {
			this.executor.close();
		}
	}

	/**
	 * Builds a {@link RedisBackend}.
	 */
	public static final class Builder {

		private RedisURI standalone;

		private List<RedisURI> cluster;

		private RedisClient client;

		private RedisClusterClient clusterClient;

		private Duration timeout = DEFAULT_TIMEOUT;

		private LimiterClock clientClock;

		private FailurePolicy failurePolicy = DEFAULT_FAILURE_POLICY;

		private int fallbackInstances = 1;

		private int breakerFailureThreshold = 5;

		private Duration breakerOpenDuration = Duration.ofSeconds(1);

		private LimiterObserver observer = LimiterObserver.NONE;

		private LimiterClock localClock;

		private Path trustedCertificates;

		private Builder() {
		}

		/**
		 * Trusts the certificates of a PEM file, typically the certificate authority that signed the server's
		 * certificate, for a {@code rediss://} {@link #standalone(String) standalone} URL, instead of the JVM's
		 * default trust store. The server's host name is still verified against its certificate.
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
		 * @param policy the policy; {@link FailurePolicy#FAIL_OPEN} by default
		 * @return this builder
		 */
		public Builder failurePolicy(FailurePolicy policy) {
			this.failurePolicy = Objects.requireNonNull(policy, "failurePolicy must not be null");
			return this;
		}

		/**
		 * Sets how many instances of the service share a limit, so that under
		 * {@link FailurePolicy#LOCAL_FALLBACK} each decides with {@code capacity / instances} (at least 1).
		 * @param instances at least 1; 1 by default
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
		 * @throws IllegalArgumentException naming the value when it is not such a URL
		 */
		public Builder standalone(String url) {
			this.standalone = parseUrl(url);
			return this;
		}

		/**
		 * Uses a Redis Cluster.
		 * @param nodes comma-separated {@code host:port} of some of its nodes, or their
		 * {@code redis://[user:password@]host:port} URLs (or {@code rediss://} for TLS) when the cluster needs
		 * credentials: Lettuce uses those of the first node for every node
		 * @return this builder
		 * @throws IllegalArgumentException naming the value when a node is neither {@code host:port} nor a URL
		 */
		public Builder cluster(String nodes) {
			this.cluster = parseNodes(nodes);
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
		 * Sets the timeout of every Redis call, also on a client the application passed in, and the longest
		 * wait of a synchronous decision.
		 * @param timeout positive
		 * @return this builder
		 */
		public Builder timeout(Duration timeout) {
			Objects.requireNonNull(timeout, "timeout must not be null");
			if (timeout.isNegative() || timeout.isZero()) {
				throw new IllegalArgumentException("timeout must be positive but was " + timeout);
			}
			this.timeout = timeout;
			return this;
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
		 * Builds the backend; the connection opens in the background.
		 * @return the backend
		 * @throws IllegalStateException when no server, or more than one kind of server, was named
		 */
		public RedisBackend build() {
			int named = (this.standalone != null ? 1 : 0) + (this.cluster != null ? 1 : 0)
					+ (this.client != null ? 1 : 0) + (this.clusterClient != null ? 1 : 0);
			if (named != 1) {
				throw new IllegalStateException(
						"name exactly one of standalone, cluster or a client, but " + named + " were named");
			}
			LettuceScriptExecutor<?> executor;
			if (this.standalone != null) {
				executor = RedisExecutors.standalone(this.standalone, this.timeout, this.trustedCertificates);
			}
			else if (this.cluster != null) {
				executor = RedisExecutors.cluster(this.cluster, this.timeout);
			}
			else if (this.client != null) {
				executor = RedisExecutors.standalone(this.client, this.timeout);
			}
			else {
				executor = RedisExecutors.cluster(this.clusterClient, this.timeout);
			}
			return new RedisBackend(executor, this);
		}

		private static RedisURI parseUrl(String url) {
			if (url == null || !(url.startsWith("redis://") || url.startsWith("rediss://"))) {
				throw new IllegalArgumentException("redis url must start with redis:// or rediss:// but was '"
						+ url + "'");
			}
			try {
				return RedisURI.create(url);
			}
			catch (RuntimeException ex) {
				throw new IllegalArgumentException("redis url is malformed: '" + url + "' (" + ex.getMessage() + ")",
						ex);
			}
		}

		private static List<RedisURI> parseNodes(String nodes) {
			if (nodes == null || nodes.isBlank()) {
				throw new IllegalArgumentException("cluster nodes must be comma-separated host:port but was '"
						+ nodes + "'");
			}
			List<RedisURI> uris = new ArrayList<>();
			for (String node : nodes.split(",")) {
				String trimmed = node.trim();
				if (trimmed.startsWith("redis://") || trimmed.startsWith("rediss://")) {
					uris.add(parseUrl(trimmed));
					continue;
				}
				int colon = trimmed.lastIndexOf(':');
				int port = -1;
				if (colon > 0) {
					try {
						port = Integer.parseInt(trimmed.substring(colon + 1));
					}
					catch (NumberFormatException ex) {
						port = -1;
					}
				}
				if (port < 1 || port > 65535) {
					throw new IllegalArgumentException("cluster node must be host:port with a port from 1 to "
							+ "65535 but was '" + trimmed + "' in '" + nodes + "'");
				}
				uris.add(RedisURI.create(trimmed.substring(0, colon), port));
			}
			return uris;
		}

	}

}
