package io.limiter.spring;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.spring.testapp.Gate;
import io.limiter.spring.testapp.reactive.ReactiveHeldController;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link ConcurrencyRuleContract} for the WebFlux filter, on Netty, on a real standalone Redis server; and a
 * client that leaves while its request is held, which cancels the exchange.
 */
@SpringBootTest(classes = { ReactiveTestApplication.class, ReactiveHeldController.class },
		webEnvironment = WebEnvironment.RANDOM_PORT, properties = "spring.main.web-application-type=reactive")
@ActiveProfiles("held")
class ConcurrencyRuleWebFluxRedisIntegrationTests extends ConcurrencyRuleContract {

	@Autowired
	private ReactiveHeldController controller;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}
	@Test
	void permitReturnsWhenTheClientLeaves() throws Exception {
		String user = user("leaving");
		leaveWhileHeld(user);
		awaitNoneInFlight("held-one", user);
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
