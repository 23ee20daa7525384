package io.limiter.spring.gateway.mvc;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.LimiterBackend;
import io.limiter.spring.testapp.TestApplication;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link GatewayMvcContract} on a real standalone Redis server.
 */
@SpringBootTest(classes = { TestApplication.class, GatewayMvcRoutes.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("gateway-mvc")
class LimiterFilterFunctionsRedisIntegrationTests extends GatewayMvcContract {

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Override
	Class<? extends LimiterBackend> backend() {
		return RedisBackend.class;
	}

}
