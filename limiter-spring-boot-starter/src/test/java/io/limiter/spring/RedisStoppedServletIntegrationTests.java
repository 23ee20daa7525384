package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RedisStoppedContract} for the servlet filter, and for {@link RateLimited} methods of each policy: a
 * fail-closed one is denied, a fail-open one runs beyond its capacity, a local fallback runs within its capacity.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("redis-stopped")
class RedisStoppedServletIntegrationTests extends RedisStoppedContract {

	@DynamicPropertySource
	static void redisServer(DynamicPropertyRegistry properties) {
		redis(properties);
	}

	@Override
	void whileRedisRuns() throws Exception {
		assertThat(get("/api/users/ada/quote").statusCode()).isEqualTo(200);
		assertThat(get("/api/report").statusCode()).isEqualTo(200);
		assertThat(keys()).as("the keys of the methods' limits that Redis decided")
			.anyMatch((key) -> key.startsWith("limiter:{quote:"))
			.anyMatch((key) -> key.startsWith("limiter:{reports:"));
	}

	@Override
	void whileRedisIsStopped() throws Exception {
		assertThat(get("/api/users/ada/quote").statusCode()).as("@RateLimited, fail-closed").isEqualTo(429);
		assertThat(statuses("/api/report", 2)).as("@RateLimited, fail-open beyond the capacity of 1, spent on Redis").containsOnly(200);
		assertThat(statuses("/api/both", 3)).as("@RateLimited, a local fallback within the capacity of 1")
			.containsExactly(200, 429, 429);
	}

}
