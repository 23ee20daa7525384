package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.spring.testapp.OutcomeController;
import io.limiter.spring.testapp.RuleBeans;
import io.limiter.spring.testapp.TestApplication;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link FilterRuleContract} for the servlet filter on a real standalone Redis server: permits given back with
 * {@link io.limiter.RateLimiter#refund}.
 */
@SpringBootTest(classes = { TestApplication.class, RuleBeans.class, OutcomeController.class,
		FilterRuleServletTests.TestUser.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("rules")
class FilterRuleServletRedisIntegrationTests extends FilterRuleContract {

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Override
	Class<? extends LimiterBackend> backend() {
		return RedisBackend.class;
	}

}
