package io.limiter.spring;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.spring.testapp.Gate;
import io.limiter.spring.testapp.HeldController;
import io.limiter.spring.testapp.TestApplication;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link ConcurrencyRuleContract} for the servlet filter on a real standalone Redis server.
 */
@SpringBootTest(classes = { TestApplication.class, HeldController.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("held")
class ConcurrencyRuleServletRedisIntegrationTests extends ConcurrencyRuleContract {

	@Autowired
	private HeldController controller;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Override
	Class<? extends LimiterBackend> backend() {
		return RedisBackend.class;
	}

	@Override
	Gate gate() {
		return this.controller.gate();
	}

}
