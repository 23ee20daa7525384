package io.limiter.spring.autoconfigure;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.testsupport.RedisServerContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boot's Redis connection reaches Limiter: an application whose Redis is a container declared with
 * {@code @ServiceConnection}, and no {@code limiter.redis.*} setting, makes its decisions in that Redis.
 */
@Tag("docker")
@SpringBootTest(classes = LimiterServiceConnectionIntegrationTests.Application.class,
		webEnvironment = WebEnvironment.NONE,
		properties = { "limiter.limits.hello.capacity=3", "limiter.limits.hello.period=1h" })
class LimiterServiceConnectionIntegrationTests {

	@Autowired
	private RateLimiterRegistry registry;

	@Autowired
	private RedisServerContainer redis;

	@Test
	void decisionsAreMadeInTheRedisOfTheServiceConnection() {
		String key = UUID.randomUUID().toString();
		RateLimiter hello = this.registry.limiter("hello");

		Decision first = hello.tryAcquire(key, 3);
		Decision second = hello.tryAcquire(key);

		assertThat(first.isAllowed()).isTrue();
		assertThat(first.isDegraded()).as("decided by a backend, not by a failure policy").isFalse();
		assertThat(second.isAllowed()).isFalse();
		assertThat((List<?>) this.redis.command("KEYS", "*"))
			.as("keys in the Redis of the service connection, %s", this.redis)
			.anySatisfy((redisKey) -> assertThat(redisKey.toString()).contains("hello", key));
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

		/**
		 * Boot's Redis service connection recognises a container by its image name, {@code redis}; the fixture's
		 * image is {@value RedisServerContainer#IMAGE}, so the connection is named.
		 */
		@Bean
		@ServiceConnection(name = "redis")
		RedisServerContainer redis() {
			return new RedisServerContainer();
		}

	}

}
