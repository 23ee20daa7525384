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

/**
 * Builds the {@link RedisBackend} of {@code limiter.redis.*} with the core's own builder, so that the starter's
 * clients are those of the core: adaptive deadlines, topology refresh, TLS and credentials for standalone
 * servers, cluster seeds and Sentinels alike. A Lettuce client bean of the application, when there is one, is
 * used instead of {@code limiter.redis.url}, {@code limiter.redis.cluster.nodes} and
 * {@code limiter.redis.sentinel.*}.
 */
final class LimiterRedisBackends {

	static final String URL = "limiter.redis.url";

	static final String NODES = "limiter.redis.cluster.nodes";

	static final String SENTINEL_MASTER = "limiter.redis.sentinel.master";

	static final String SENTINEL_NODES = "limiter.redis.sentinel.nodes";

	private static final Log logger = LogFactory.getLog(LimiterRedisBackends.class);

	private LimiterRedisBackends() {
	}

	/**
	 * Returns whether the settings or the application's beans name Redis.
	 */
	static boolean isConfigured(RedisSettings redis, RedisClusterClient cluster, RedisClient standalone) {
		return cluster != null || standalone != null || !topologies(redis).isEmpty();
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
			named.put(NODES, redis.getCluster().getNodes());
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
	 * Fails when more than one topology is named, naming the first property and the others.
	 */
	private static void checkOneTopology(RedisSettings redis) {
		Map<String, String> named = topologies(redis);
		if (named.size() > 1) {
			Map.Entry<String, String> first = named.entrySet().iterator().next();
			List<String> others = named.keySet().stream().skip(1).toList();
			throw new InvalidLimiterPropertyException(first.getKey(), RedisSecrets.maskValue(first.getValue()),
					"set either it or " + String.join(" or ", others) + ", not both", null);
		}
	}

	/**
	 * Builds the backend and waits up to {@code limiter.redis.startup-wait} for its first connection.
	 * @throws InvalidLimiterPropertyException naming the property and its value (user info masked) when a
	 * setting is invalid
	 */
	static RedisBackend build(LimiterProperties properties, RedisClusterClient cluster, RedisClient standalone,
			LimiterObserver observer) {
		RedisSettings redis = properties.getRedis();
		checkOneTopology(redis);
		RedisBackendBuilder builder = RedisBackend.builder().observer(observer);
		LimitDefinitions.check("limiter.failure-policy", properties.getFailurePolicy(), builder::failurePolicy);
		LimitDefinitions.check("limiter.redis.timeout", redis.getTimeout(), builder::timeout);
		LimitDefinitions.check("limiter.redis.minimum-timeout", redis.getMinimumTimeout(), builder::minimumTimeout);
		if (properties.getFallbackInstances() != null) {
			LimitDefinitions.check("limiter.fallback-instances", properties.getFallbackInstances(),
					builder::fallbackInstances);
		}
		if (redis.getTrustedCertificates() != null) {
			LimitDefinitions.check("limiter.redis.trusted-certificates", redis.getTrustedCertificates(),
					builder::trustedCertificates);
		}
		if (cluster != null) {
			builder.client(cluster);
		}
		else if (standalone != null) {
			builder.client(standalone);
		}
		else if (redis.getUrl() != null) {
			endpoint(URL, redis.getUrl().trim(), builder::standalone);
		}
		else if (redis.getCluster().getNodes() != null) {
			endpoint(NODES, redis.getCluster().getNodes(), builder::cluster);
		}
		else {
			sentinel(redis.getSentinel(), builder);
		}
		RedisBackend backend = builder.build();
		awaitConnection(backend, redis.getStartupWait());
		return backend;
	}

	/**
	 * Applies a Sentinel setup, which needs both properties: a missing or bad master name is reported under its
	 * own property, missing or bad nodes under theirs.
	 */
	private static void sentinel(RedisSettings.Sentinel sentinel, RedisBackendBuilder builder) {
		String master = (sentinel.getMaster() != null) ? sentinel.getMaster().trim() : null;
		endpoint(SENTINEL_MASTER, master, RedisBackendBuilder::checkSentinelMaster);
		String nodes = (sentinel.getNodes() != null) ? String.join(",", sentinel.getNodes()) : null;
		endpoint(SENTINEL_NODES, nodes, (value) -> builder.sentinel(master, value));
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
