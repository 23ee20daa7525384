package io.limiter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.redis.AdaptiveTimeout;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.RedisEndpoints;
import io.limiter.internal.redis.RedisExecutors;

/**
 * Builds a {@link RedisBackend} ({@link RedisBackend#builder()}): where Redis is (exactly one of a standalone URL,
 * cluster seeds, a Sentinel setup or a Lettuce client of the application's), the deadlines, the failure policy and
 * its circuit breaker, the clocks and the observer. URLs and nodes are parsed as they are set, so a bad value fails
 * here, naming the field and the value with its user info masked.
 */
public final class RedisBackendBuilder {

	RedisURI standalone;

	List<RedisURI> cluster;

	RedisURI sentinel;

	RedisClient client;

	RedisClusterClient clusterClient;

	Duration timeout = RedisBackend.DEFAULT_TIMEOUT;

	Duration minimumTimeout = RedisBackend.DEFAULT_MINIMUM_TIMEOUT;

	LimiterClock clientClock;

	FailurePolicy failurePolicy = RedisBackend.DEFAULT_FAILURE_POLICY;

	int fallbackInstances;

	int breakerFailureThreshold = 5;

	Duration breakerOpenDuration = Duration.ofSeconds(1);

	LimiterObserver observer = LimiterObserver.NONE;

	LimiterClock localClock;

	Path trustedCertificates;

	RedisBackendBuilder() {
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
	public RedisBackendBuilder trustedCertificates(Path pemFile) {
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
	public RedisBackendBuilder failurePolicy(FailurePolicy policy) {
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
	public RedisBackendBuilder fallbackInstances(int instances) {
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
	public RedisBackendBuilder circuitBreaker(int consecutiveFailures, Duration openDuration) {
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
	public RedisBackendBuilder observer(LimiterObserver observer) {
		this.observer = Objects.requireNonNull(observer, "observer must not be null");
		return this;
	}

	/**
	 * Uses a standalone server.
	 * @param url {@code redis://[user:password@]host:port[/database]} or {@code rediss://...} for TLS
	 * @return this builder
	 * @throws IllegalArgumentException naming the value, its user info masked, when it is not such a URL
	 */
	public RedisBackendBuilder standalone(String url) {
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
	public RedisBackendBuilder cluster(String nodes) {
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
	public RedisBackendBuilder sentinel(String master, String nodes) {
		this.sentinel = RedisEndpoints.sentinel(master, nodes);
		return this;
	}

	/**
	 * Checks a Sentinel master name as {@link #sentinel(String, String)} does, for configuration that reports a
	 * bad name apart from bad nodes.
	 * @param master the name under which the Sentinels monitor the master
	 * @return the name
	 * @throws IllegalArgumentException naming the value when it is missing, blank or holds a space
	 */
	public static String checkSentinelMaster(String master) {
		return RedisEndpoints.sentinelMaster(master);
	}

	/**
	 * Uses a standalone client the application owns; closing the backend leaves it open.
	 * @param client the client
	 * @return this builder
	 */
	public RedisBackendBuilder client(RedisClient client) {
		this.client = Objects.requireNonNull(client, "client must not be null");
		return this;
	}

	/**
	 * Uses a cluster client the application owns; closing the backend leaves it open.
	 * @param client the client
	 * @return this builder
	 */
	public RedisBackendBuilder client(RedisClusterClient client) {
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
	public RedisBackendBuilder timeout(Duration timeout) {
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
	public RedisBackendBuilder minimumTimeout(Duration minimumTimeout) {
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
	public RedisBackendBuilder clientClock(LimiterClock clock) {
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
	public RedisBackendBuilder localClock(LimiterClock clock) {
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
