package io.limiter.spring.autoconfigure;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

import io.limiter.spring.internal.actuate.RedisClusterHealthIndicator;
import io.limiter.spring.internal.actuate.RedisStandaloneHealthIndicator;

/**
 * Auto-configuration of the health of the Redis server or cluster behind the limits, reported as
 * {@code limiterRedis} or {@code limiterRedisCluster}; turned off by
 * {@code management.health.limiter.enabled=false}.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnEnabledHealthIndicator("limiter")
public final class LimiterHealthAutoConfiguration {

	@Bean
	@ConditionalOnBean(RedisClusterClient.class)
	@ConditionalOnMissingBean(name = "limiterRedisClusterHealthIndicator")
	RedisClusterHealthIndicator limiterRedisClusterHealthIndicator(RedisClusterClient client) {
		return new RedisClusterHealthIndicator(client);
	}

	@Bean
	@ConditionalOnBean(RedisClient.class)
	@ConditionalOnMissingBean(name = "limiterRedisHealthIndicator")
	RedisStandaloneHealthIndicator limiterRedisHealthIndicator(RedisClient client) {
		return new RedisStandaloneHealthIndicator(client);
	}

}
