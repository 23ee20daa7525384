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
import io.limiter.RegionalBackend;
import io.limiter.RegionalBackendBuilder;
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

	static final String REDIS = "limiter.redis";

	static final String REGION = "limiter.regions.region";

	static final String HOME = "limiter.regions.home";

	static final String URL = "limiter.redis.url";

	static final String NODES = "limiter.redis.cluster.nodes";

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
		Map<String, String> named = atMostOne(topologies(REDIS, redis));
		if (named.isEmpty()) {
			return springBoot;
		}
		return new RedisSource(named.keySet().iterator().next(), (builder) -> server(REDIS, redis, builder));
	}

	/**
	 * Returns the Redis topologies that the settings under a prefix name, each by one of its properties and its value.
	 */
	private static Map<String, String> topologies(String prefix, RedisServerSettings redis) {
		Map<String, String> named = new LinkedHashMap<>();
		if (redis.getUrl() != null) {
			named.put(prefix + ".url", redis.getUrl());
		}
		if (redis.getCluster().getNodes() != null) {
			named.put(prefix + ".cluster.nodes", String.join(",", redis.getCluster().getNodes()));
		}
		RedisServerSettings.Sentinel sentinel = redis.getSentinel();
		if (sentinel.getNodes() != null) {
			named.put(prefix + ".sentinel.nodes", String.join(",", sentinel.getNodes()));
		}
		else if (sentinel.getMaster() != null) {
			named.put(prefix + ".sentinel.master", sentinel.getMaster());
		}
		return named;
	}

	/**
	 * Returns the topologies named, failing naming the first and the others when there is more than one.
	 */
	private static Map<String, String> atMostOne(Map<String, String> named) {
		if (named.size() > 1) {
			Map.Entry<String, String> first = named.entrySet().iterator().next();
			List<String> others = named.keySet().stream().skip(1).toList();
			throw new InvalidLimiterPropertyException(first.getKey(), RedisSecrets.maskValue(first.getValue()),
					"set either it or " + String.join(" or ", others) + ", not both", null);
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
		RedisBackend backend = regionBuilder(properties, source, applicationName, observer).build();
		BackendChoice.redis(backend, source.origin());
		awaitConnection(backend::awaitConnection, properties.getRedis().getStartupWait());
		return backend;
	}

	/**
	 * Builds the backend of a region of {@code limiter.regions}: its Redis as {@link #build} makes it, and the home of
	 * {@code limiter.regions.home.*}; says so, and waits up to {@code limiter.redis.startup-wait} for the region's
	 * Redis and the home.
	 * @param properties Limiter's settings, with {@code limiter.regions.region} set
	 * @param source where the region's Redis is, or {@code null} when nothing names it
	 * @param applicationName {@code spring.application.name}, the default namespace, or {@code null}
	 * @param observer hears of every decision and loan
	 * @throws InvalidLimiterPropertyException naming the property and its value when a setting is invalid or missing
	 */
	static RegionalBackend buildRegional(LimiterProperties properties, RedisSource source, String applicationName,
			LimiterObserver observer) {
		RegionsSettings regions = properties.getRegions();
		if (source == null) {
			throw new InvalidLimiterPropertyException(REGION, regions.getRegion(),
					"a region decides in its own Redis: set " + URL + ", " + NODES
							+ " or limiter.redis.sentinel.*, or give the application Spring Boot's Redis connection",
					null);
		}
		RegionalBackendBuilder regional = RegionalBackend.builder();
		LimitDefinitions.check(REGION, regions.getRegion(), regional::region);
		RedisServerSettings homeSettings = regions.getHome();
		Map<String, String> homes = atMostOne(topologies(HOME, homeSettings));
		if (homes.isEmpty()) {
			throw new InvalidLimiterPropertyException(REGION, regions.getRegion(), "a region borrows the global"
					+ " budgets from the home, and none is set: set " + HOME + ".url, .cluster.nodes or .sentinel.*",
					null);
		}
		RedisBackendBuilder home = RedisBackend.builder();
		server(HOME, homeSettings, home);
		connection(HOME, homeSettings, home);
		RegionalBackend backend = regional.redis(regionBuilder(properties, source, applicationName, observer))
			.home(home)
			.build();
		BackendChoice.regional(backend, source.origin());
		awaitConnection(backend::awaitConnection, properties.getRedis().getStartupWait());
		return backend;
	}

	/**
	 * Returns the builder of the backend in {@code limiter.redis.*}'s Redis: its namespace, failure policy, deadlines,
	 * fallback instances, server and certificates.
	 */
	private static RedisBackendBuilder regionBuilder(LimiterProperties properties, RedisSource source,
			String applicationName, LimiterObserver observer) {
		RedisBackendBuilder builder = RedisBackend.builder().observer(observer);
		namespace(properties.getNamespace(), applicationName, builder);
		LimitDefinitions.check("limiter.failure-policy", properties.getFailurePolicy(), builder::failurePolicy);
		batching(properties.getRedis().getBatch(), builder);
		if (properties.getFallbackInstances() != null) {
			LimitDefinitions.check("limiter.fallback-instances", properties.getFallbackInstances(),
					builder::fallbackInstances);
		}
		source.server().accept(builder);
		connection(REDIS, properties.getRedis(), builder);
		return builder;
	}

	/** Applies the deadlines and trusted certificates of the settings under a prefix. */
	private static void connection(String prefix, RedisServerSettings redis, RedisBackendBuilder builder) {
		LimitDefinitions.check(prefix + ".timeout", redis.getTimeout(), builder::timeout);
		LimitDefinitions.check(prefix + ".minimum-timeout", redis.getMinimumTimeout(), builder::minimumTimeout);
		if (redis.getTrustedCertificates() != null) {
			LimitDefinitions.check(prefix + ".trusted-certificates", redis.getTrustedCertificates(),
					builder::trustedCertificates);
		}
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

	/** Names the server of {@code <prefix>.url}, {@code .cluster.nodes} or {@code .sentinel.*}. */
	private static void server(String prefix, RedisServerSettings redis, RedisBackendBuilder builder) {
		if (redis.getUrl() != null) {
			endpoint(prefix + ".url", redis.getUrl().trim(), builder::standalone);
		}
		else if (redis.getCluster().getNodes() != null) {
			String property = prefix + ".cluster.nodes";
			endpoint(property, nodes(property, redis.getCluster().getNodes()), builder::cluster);
		}
		else {
			sentinel(prefix, redis.getSentinel(), builder);
		}
	}

	/**
	 * Applies a Sentinel setup, which needs both properties: a missing or bad master name is reported under its
	 * own property, missing or bad nodes under theirs.
	 */
	private static void sentinel(String prefix, RedisServerSettings.Sentinel sentinel, RedisBackendBuilder builder) {
		String master = (sentinel.getMaster() != null) ? sentinel.getMaster().trim() : null;
		endpoint(prefix + ".sentinel.master", master, SentinelMasterNames::check);
		String property = prefix + ".sentinel.nodes";
		String nodes = (sentinel.getNodes() != null) ? nodes(property, sentinel.getNodes()) : null;
		endpoint(property, nodes, (value) -> builder.sentinel(master, value));
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

	private static void awaitConnection(ConnectionWait backend, Duration startupWait) {
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

	/** Waits for a backend's connections. */
	@FunctionalInterface
	private interface ConnectionWait {

		boolean awaitConnection(Duration timeout) throws InterruptedException;

	}

}
