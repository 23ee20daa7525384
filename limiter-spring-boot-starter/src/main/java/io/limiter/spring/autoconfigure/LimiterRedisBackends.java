package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.function.Consumer;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.internal.redis.RedisEndpoints;

/**
 * Builds the {@link RedisBackend} of {@code limiter.redis.*} with the core's own builder, so that the starter's
 * clients are those of the core: adaptive deadlines, topology refresh, TLS and credentials for standalone
 * servers and cluster seeds alike. A Lettuce client bean of the application, when there is one, is used
 * instead of {@code limiter.redis.url} and {@code limiter.redis.cluster.nodes}.
 */
final class LimiterRedisBackends {

	static final String URL = "limiter.redis.url";

	static final String NODES = "limiter.redis.cluster.nodes";

	private static final Log logger = LogFactory.getLog(LimiterRedisBackends.class);

	private LimiterRedisBackends() {
	}

	/**
	 * Returns whether the settings or the application's beans name Redis.
	 */
	static boolean isConfigured(LimiterProperties.Redis redis, RedisClusterClient cluster, RedisClient standalone) {
		return cluster != null || standalone != null || redis.getUrl() != null || redis.getCluster().getNodes() != null;
	}

	/**
	 * Builds the backend and waits up to {@code limiter.redis.startup-wait} for its first connection.
	 * @throws InvalidLimiterPropertyException naming the property and its value (user info masked) when a
	 * setting is invalid
	 */
	static RedisBackend build(LimiterProperties properties, RedisClusterClient cluster, RedisClient standalone,
			LimiterObserver observer) {
		LimiterProperties.Redis redis = properties.getRedis();
		if (redis.getUrl() != null && redis.getCluster().getNodes() != null) {
			throw new InvalidLimiterPropertyException(URL, RedisEndpoints.maskValue(redis.getUrl()),
					"set either it or " + NODES + ", not both", null);
		}
		RedisBackend.Builder builder = RedisBackend.builder().observer(observer);
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
		else {
			endpoint(NODES, redis.getCluster().getNodes(), builder::cluster);
		}
		RedisBackend backend = builder.build();
		awaitConnection(backend, redis.getStartupWait());
		return backend;
	}

	/** Applies a URL or node list, reporting a bad one with its user info masked, even without a scheme. */
	private static void endpoint(String property, String value, Consumer<String> apply) {
		try {
			apply.accept(value);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property, RedisEndpoints.maskValue(value), ex.getMessage(), null);
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
