package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

/**
 * {@link RedisStoppedContract} for the WebFlux filter, on Netty.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "spring.main.web-application-type=reactive")
@ActiveProfiles("redis-stopped")
class RedisStoppedWebFluxIntegrationTests extends RedisStoppedContract {

	@DynamicPropertySource
	static void redisServer(DynamicPropertyRegistry properties) {
		redis(properties);
	}

}
