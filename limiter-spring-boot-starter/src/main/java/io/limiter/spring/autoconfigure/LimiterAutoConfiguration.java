package io.limiter.spring.autoconfigure;


import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcers;

/**
 * Auto-configuration of Limiter: the backend (in memory, or Redis when {@code limiter.redis.url},
 * {@code limiter.redis.cluster.nodes}, {@code limiter.redis.sentinel.*} or a Lettuce client bean says so), the
 * {@link RateLimiterRegistry} of the configured limits, and their enforcement policies. A {@link LimiterClock}
 * bean, when present, is the clock of the in-memory backend.
 */
@AutoConfiguration
@EnableConfigurationProperties(LimiterProperties.class)
public final class LimiterAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LimiterBackend limiterBackend(LimiterProperties properties, ObjectProvider<RedisClusterClient> clusterClient,
			ObjectProvider<RedisClient> client, ObjectProvider<LimiterClock> clock,
			ObjectProvider<LimiterObserver> observer, Environment environment) {
		if (properties.getRedis().isUseSpringDataRedis()) {
			SpringDataRedisSettings.apply(environment, properties.getRedis());
		}
		RedisClusterClient cluster = clusterClient.getIfUnique();
		RedisClient standalone = client.getIfUnique();
		if (LimiterRedisBackends.isConfigured(properties.getRedis(), cluster, standalone)) {
			return LimiterRedisBackends.build(properties, cluster, standalone,
					observer.getIfUnique(() -> LimiterObserver.NONE));
		}
		InMemoryBackend.Builder builder = InMemoryBackend.builder()
			.clock(clock.getIfUnique(LimiterClock::system))
			.observer(observer.getIfUnique(() -> LimiterObserver.NONE));
		LimitDefinitions.check("limiter.memory.maximum-keys-per-limit", properties.getMemory().getMaximumKeysPerLimit(),
				builder::maximumKeysPerLimit);
		return builder.build();
	}

	@Bean
	@ConditionalOnMissingBean
	RateLimiterRegistry rateLimiterRegistry(LimiterBackend limiterBackend, LimiterProperties properties) {
		return new RateLimiterRegistry(limiterBackend, LimitDefinitions.limits(properties),
				LimitDefinitions.plans(properties), LimitDefinitions.options(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	LimitEnforcers limitEnforcers(RateLimiterRegistry rateLimiterRegistry, LimiterProperties properties,
			ObjectProvider<LimitPlanResolver> plans) {
		LimitPlanResolver resolver = plans.getIfUnique();
		LimitDefinitions.checkPlansResolvable(properties, resolver != null);
		return new LimitEnforcers(rateLimiterRegistry, LimitDefinitions.shadowLimits(properties), resolver);
	}

}
