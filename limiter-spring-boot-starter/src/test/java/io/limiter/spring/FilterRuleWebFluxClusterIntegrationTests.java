package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.spring.testapp.RuleBeans;
import io.limiter.spring.testapp.reactive.ReactiveOutcomeController;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link FilterRuleContract} for the WebFlux filter on a real Redis Cluster: permits given back with
 * {@link io.limiter.RateLimiter#refundAsync}, no thread waiting.
 */
@SpringBootTest(classes = { ReactiveTestApplication.class, RuleBeans.class, ReactiveOutcomeController.class },
		webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("reactive-rules")
class FilterRuleWebFluxClusterIntegrationTests extends FilterRuleContract {

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.cluster.nodes", () -> RedisFixtures.cluster().seedNodes());
	}

	@Override
	Class<? extends LimiterBackend> backend() {
		return RedisBackend.class;
	}

}
