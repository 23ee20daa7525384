package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.spring.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.LimitPolicy;
import io.limiter.spring.internal.LimiterMetrics;

/**
 * Auto-configuration of Limiter: the backend (in memory, or Redis when {@code limiter.redis.url},
 * {@code limiter.redis.cluster.nodes} or a Lettuce client bean says so), the {@link RateLimiterRegistry} of
 * the configured limits, and their enforcement policies. A {@link LimiterClock} bean, when present, is the
 * clock of the in-memory backend.
 */
@AutoConfiguration
@EnableConfigurationProperties(LimiterProperties.class)
@Import(LimiterRedisClientConfiguration.class)
public final class LimiterAutoConfiguration {

	private static final Log logger = LogFactory.getLog(LimiterAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	LimiterBackend limiterBackend(LimiterProperties properties, ObjectProvider<RedisClusterClient> clusterClient,
			ObjectProvider<RedisClient> client, ObjectProvider<LimiterClock> clock,
			ObjectProvider<LimiterObserver> observer) {
		LimiterProperties.Redis redis = properties.getRedis();
		if (redis.getUrl() != null && redis.getCluster().getNodes() != null) {
			throw new InvalidLimiterPropertyException(LimiterRedisClientConfiguration.URL, redis.getUrl(),
					"set either it or " + LimiterRedisClientConfiguration.NODES + ", not both", null);
		}
		RedisClusterClient cluster = clusterClient.getIfUnique();
		RedisClient standalone = client.getIfUnique();
		if (cluster == null && standalone == null) {
			InMemoryBackend.Builder builder = InMemoryBackend.builder()
				.clock(clock.getIfUnique(LimiterClock::system))
				.observer(observer.getIfUnique(() -> LimiterObserver.NONE));
			LimitDefinitions.check("limiter.memory.maximum-keys-per-limit",
					properties.getMemory().getMaximumKeysPerLimit(), builder::maximumKeysPerLimit);
			return builder.build();
		}
		RedisBackend.Builder builder = RedisBackend.builder()
			.failurePolicy(properties.getFailurePolicy())
			.observer(observer.getIfUnique(() -> LimiterObserver.NONE));
		LimitDefinitions.check("limiter.redis.timeout", redis.getTimeout(), builder::timeout);
		LimitDefinitions.check("limiter.fallback-instances", properties.getFallbackInstances(),
				builder::fallbackInstances);
		RedisBackend backend = (cluster != null) ? builder.client(cluster).build() : builder.client(standalone).build();
		awaitConnection(backend, redis.getStartupWait());
		return backend;
	}

	private static void awaitConnection(RedisBackend backend, Duration startupWait) {
		try {
			if (startupWait != null && !startupWait.isNegative() && !backend.awaitConnection(startupWait)) {
				logger.warn("Redis did not accept a connection within " + startupWait
						+ "; starting anyway, the failure policies decide until it does");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Bean
	@ConditionalOnMissingBean
	RateLimiterRegistry rateLimiterRegistry(LimiterBackend limiterBackend, LimiterProperties properties) {
		return new RateLimiterRegistry(limiterBackend, LimitDefinitions.limits(properties),
				LimitDefinitions.options(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	LimitEnforcers limitEnforcers(RateLimiterRegistry rateLimiterRegistry, LimiterProperties properties,
			ObjectProvider<LimiterMetrics> metrics) {
		Map<String, LimitPolicy> policies = new LinkedHashMap<>();
		for (String name : rateLimiterRegistry.names()) {
			policies.put(name, LimitDefinitions.policy(properties, name));
		}
		return new LimitEnforcers(rateLimiterRegistry, policies, metrics.getIfUnique(() -> LimiterMetrics.NONE));
	}

}
