package io.limiter.spring.autoconfigure;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.RateLimiterRegistry;
import io.limiter.integration.GuardedObserver;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcers;

/**
 * Auto-configuration of Limiter: the backend (Redis when a Lettuce client bean, {@code limiter.redis.url},
 * {@code limiter.redis.cluster.nodes}, {@code limiter.redis.sentinel.*} or Spring Boot's Redis connection names it,
 * in that order; else in memory, per instance; with {@code limiter.regions.region}, a {@link io.limiter.RegionalBackend}
 * over that Redis and the home of {@code limiter.regions.home.*}), said in one line at start-up; the {@link RateLimiterRegistry} of the
 * configured limits, and their enforcement policies; the {@link ConcurrencyLimiters} of the configured concurrency
 * limits. Every {@link LimiterObserver} bean hears every decision, in
 * their order. A {@link LimiterClock} bean, when present, is the clock of the in-memory backend.
 */
@AutoConfiguration(afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@EnableConfigurationProperties(LimiterProperties.class)
public final class LimiterAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LimiterBackend limiterBackend(LimiterProperties properties, ObjectProvider<RedisClusterClient> clusterClient,
			ObjectProvider<RedisClient> client, ObjectProvider<RedisSource> springBootRedis,
			ObjectProvider<LimiterClock> clock, ObjectProvider<LimiterObserver> observers, Environment environment) {
		LimiterObserver observer = GuardedObserver.of(observers.orderedStream().toList());
		RedisSource redis = LimiterRedisBackends.source(properties.getRedis(),
				SingleCandidate.of(clusterClient, RedisClusterClient.class), SingleCandidate.of(client, RedisClient.class),
				springBootRedis.getIfAvailable());
		if (properties.getRegions().getRegion() != null) {
			return LimiterRedisBackends.buildRegional(properties, redis,
					environment.getProperty("spring.application.name"), observer);
		}
		if (redis != null) {
			return LimiterRedisBackends.build(properties, redis, environment.getProperty("spring.application.name"),
					observer);
		}
		InMemoryBackend.Builder builder = InMemoryBackend.builder()
			.clock(SingleCandidate.of(clock, LimiterClock.class, LimiterClock::system))
			.observer(observer);
		LimitDefinitions.check("limiter.memory.maximum-keys-per-limit", properties.getMemory().getMaximumKeysPerLimit(),
				builder::maximumKeysPerLimit);
		InMemoryBackend backend = builder.build();
		BackendChoice.inMemory();
		return backend;
	}

	@Bean
	@ConditionalOnMissingBean
	RateLimiterRegistry limiterRegistry(LimiterBackend limiterBackend, LimiterProperties properties) {
		return new RateLimiterRegistry(limiterBackend, LimitDefinitions.limits(properties),
				LimitDefinitions.plans(properties), LimitDefinitions.options(properties));
	}

	@Bean
	@ConditionalOnMissingBean
	LimitEnforcers limiterEnforcers(RateLimiterRegistry limiterRegistry, LimiterProperties properties,
			ObjectProvider<LimitPlanResolver> plans) {
		LimitPlanResolver resolver = SingleCandidate.of(plans, LimitPlanResolver.class);
		LimitDefinitions.checkPlansResolvable(properties, resolver != null);
		return new LimitEnforcers(limiterRegistry, LimitDefinitions.shadowLimits(properties), resolver);
	}

	@Bean
	@ConditionalOnMissingBean
	ConcurrencyLimiters limiterConcurrencyLimiters(LimiterBackend limiterBackend, LimiterProperties properties) {
		return ConcurrencyDefinitions.limiters(properties, limiterBackend);
	}

	/**
	 * Spring Boot's Redis connection ({@code spring.data.redis.*}, {@code @ServiceConnection}, Docker Compose), where
	 * the application has Spring Boot's data-redis module and its connection.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(DataRedisConnectionDetails.class)
	static final class SpringBootRedisConfiguration {

		@Bean
		@ConditionalOnBean(DataRedisConnectionDetails.class)
		RedisSource limiterSpringBootRedisSource(ObjectProvider<DataRedisConnectionDetails> details,
				ObjectProvider<DataRedisProperties> properties) {
			return SpringBootRedisConnection.source(SingleCandidate.of(details, DataRedisConnectionDetails.class),
					properties.getIfAvailable());
		}

	}

}
