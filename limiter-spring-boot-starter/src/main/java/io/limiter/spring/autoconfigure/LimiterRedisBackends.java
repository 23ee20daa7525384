package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.integration.RedisSecrets;
import io.limiter.integration.SentinelMasterNames;

/**
 * Finds where Limiter's Redis is and builds its {@link RedisBackend} with the core's own builder, so that the
 * starter's clients are those of the core: adaptive deadlines, topology refresh, TLS and credentials for standalone
 * servers, cluster seeds and Sentinels alike. In order: a Lettuce client bean of the application; else
 * {@code limiter.redis.url}, {@code limiter.redis.cluster.nodes} or {@code limiter.redis.sentinel.*}; else Spring
 * Boot's Redis connection. The keys live in {@code limiter.namespace}, by default {@code spring.application.name}.
 */
final class LimiterRedisBackends {

	static final String NAMESPACE = "limiter.namespace";

	static final String URL = "limiter.redis.url";

	static final String NODES = "limiter.redis.cluster.nodes";

	static final String SENTINEL_MASTER = "limiter.redis.sentinel.master";

	static final String SENTINEL_NODES = "limiter.redis.sentinel.nodes";

	private static final Log logger = LogFactory.getLog(LimiterRedisBackends.class);

	private LimiterRedisBackends() {
	}

	/**
	 * Returns where Limiter's Redis is and which setting said so, or {@code null} when nothing names it.
	 * @param redis Limiter's Redis settings
	 * @param cluster the application's cluster client, or {@code null}
	 * @param standalone the application's standalone client, or {@code null}
	 * @param springBoot Spring Boot's Redis connection, or {@code null} when the application has none
	 * @throws InvalidLimiterPropertyException naming the properties when more than one topology is set
	 */
	static RedisSource source(RedisSettings redis, RedisClusterClient cluster, RedisClient standalone,
			RedisSource springBoot) {
		if (cluster != null) {
			return new RedisSource("a Lettuce RedisClusterClient bean", (builder) -> builder.client(cluster));
		}
		if (standalone != null) {
			return new RedisSource("a Lettuce RedisClient bean", (builder) -> builder.client(standalone));
		}
		Map<String, String> named = topologies(redis);
		if (named.size() > 1) {
			Map.Entry<String, String> first = named.entrySet().iterator().next();
			List<String> others = named.keySet().stream().skip(1).toList();
			throw new InvalidLimiterPropertyException(first.getKey(), RedisSecrets.maskValue(first.getValue()),
					"set either it or " + String.join(" or ", others) + ", not both", null);
		}
		if (named.isEmpty()) {
			return springBoot;
		}
		return new RedisSource(named.keySet().iterator().next(), (builder) -> server(redis, builder));
	}

	/**
	 * Returns the Redis topologies that the settings name, each by one of its properties and its value.
	 */
	private static Map<String, String> topologies(RedisSettings redis) {
		Map<String, String> named = new LinkedHashMap<>();
		if (redis.getUrl() != null) {
			named.put(URL, redis.getUrl());
		}
		if (redis.getCluster().getNodes() != null) {
			named.put(NODES, String.join(",", redis.getCluster().getNodes()));
		}
		RedisSettings.Sentinel sentinel = redis.getSentinel();
		if (sentinel.getNodes() != null) {
			named.put(SENTINEL_NODES, String.join(",", sentinel.getNodes()));
		}
		else if (sentinel.getMaster() != null) {
			named.put(SENTINEL_MASTER, sentinel.getMaster());
		}
		return named;
	}

	/**
	 * Builds the backend, says so, and waits up to {@code limiter.redis.startup-wait} for its first connection.
	 * @param properties Limiter's settings
	 * @param source where Redis is
	 * @param applicationName {@code spring.application.name}, the default namespace, or {@code null}
	 * @param observer hears of every decision
	 * @throws InvalidLimiterPropertyException naming the property and its value (user info masked) when a
	 * setting is invalid
	 */
	static RedisBackend build(LimiterProperties properties, RedisSource source, String applicationName,
			LimiterObserver observer) {
		RedisSettings redis = properties.getRedis();
		RedisBackendBuilder builder = RedisBackend.builder().observer(observer);
		namespace(properties.getNamespace(), applicationName, builder);
		LimitDefinitions.check("limiter.failure-policy", properties.getFailurePolicy(), builder::failurePolicy);
		LimitDefinitions.check("limiter.redis.timeout", redis.getTimeout(), builder::timeout);
		LimitDefinitions.check("limiter.redis.minimum-timeout", redis.getMinimumTimeout(), builder::minimumTimeout);
		batching(redis.getBatch(), builder);
		if (properties.getFallbackInstances() != null) {
			LimitDefinitions.check("limiter.fallback-instances", properties.getFallbackInstances(),
					builder::fallbackInstances);
		}
		source.server().accept(builder);
		if (redis.getTrustedCertificates() != null) {
			LimitDefinitions.check("limiter.redis.trusted-certificates", redis.getTrustedCertificates(),
					builder::trustedCertificates);
		}
		RedisBackend backend = builder.build();
		BackendChoice.redis(backend, source.origin());
		awaitConnection(backend, redis.getStartupWait());
		return backend;
	}

	/**
	 * Sets {@code limiter.redis.batch.*}, checking each bound (also when batching is off) under its own property.
	 */
	private static void batching(RedisSettings.Batch batch, RedisBackendBuilder builder) {
		LimitDefinitions.check("limiter.redis.batch.calls-in-flight", batch.getCallsInFlight(),
				(calls) -> builder.batching(calls, RedisBackend.DEFAULT_BATCH_MAX_SIZE));
		LimitDefinitions.check("limiter.redis.batch.max-size", batch.getMaxSize(),
				(size) -> builder.batching(batch.getCallsInFlight(), size));
		builder.batching(batch.isEnabled());
	}

	/**
	 * Puts the keys in {@code limiter.namespace}, or else in {@code spring.application.name}, naming the property
	 * and where its value came from when it is not a valid namespace.
	 */
	private static void namespace(String namespace, String applicationName, RedisBackendBuilder builder) {
		String value = (namespace != null) ? namespace : applicationName;
		if (value == null) {
			return;
		}
		try {
			builder.namespace(value);
		}
		catch (IllegalArgumentException ex) {
			String reason = (namespace != null) ? ex.getMessage() : ex.getMessage()
					+ " (it defaults to spring.application.name: set " + NAMESPACE + " to a valid namespace)";
			throw new InvalidLimiterPropertyException(NAMESPACE, value, reason, null);
		}
	}

	/** Names the server of {@code limiter.redis.url}, {@code .cluster.nodes} or {@code .sentinel.*}. */
	private static void server(RedisSettings redis, RedisBackendBuilder builder) {
		if (redis.getUrl() != null) {
			endpoint(URL, redis.getUrl().trim(), builder::standalone);
		}
		else if (redis.getCluster().getNodes() != null) {
			endpoint(NODES, nodes(NODES, redis.getCluster().getNodes()), builder::cluster);
		}
		else {
			sentinel(redis.getSentinel(), builder);
		}
	}

	/**
	 * Applies a Sentinel setup, which needs both properties: a missing or bad master name is reported under its
	 * own property, missing or bad nodes under theirs.
	 */
	private static void sentinel(RedisSettings.Sentinel sentinel, RedisBackendBuilder builder) {
		String master = (sentinel.getMaster() != null) ? sentinel.getMaster().trim() : null;
		endpoint(SENTINEL_MASTER, master, SentinelMasterNames::check);
		String nodes = (sentinel.getNodes() != null) ? nodes(SENTINEL_NODES, sentinel.getNodes()) : null;
		endpoint(SENTINEL_NODES, nodes, (value) -> builder.sentinel(master, value));
	}

	/**
	 * Returns nodes given as a list ({@code nodes[0]=...}, a YAML list) or as comma-separated text, which binds to
	 * the same list, as comma-separated text; a list that binds to no node, or holds an empty one, fails naming the
	 * property and its value.
	 */
	private static String nodes(String property, List<String> nodes) {
		String value = String.join(",", nodes);
		if (nodes.isEmpty() || nodes.stream().anyMatch(String::isBlank)) {
			throw new InvalidLimiterPropertyException(property, RedisSecrets.maskValue(value),
					"every node must be host:port or a redis:// URL, and "
							+ (nodes.isEmpty() ? "there is none" : "one is empty"),
					null);
		}
		return value;
	}

	/** Applies a URL or node list, reporting a bad one with its user info masked, even without a scheme. */
	private static void endpoint(String property, String value, Consumer<String> apply) {
		try {
			apply.accept(value);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property, RedisSecrets.maskValue(value), ex.getMessage(), null);
		}
	}

	private static void awaitConnection(RedisBackend backend, Duration startupWait) {
		try {
			if (startupWait != null && !startupWait.isNegative() && !backend.awaitConnection(startupWait)) {
				logger.warn("Redis did not accept a connection within " + startupWait
						+ "; starting anyway: decisions wait for it within their deadline, then the failure policies"
						+ " decide until it does");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
