package io.limiter.spring.client;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link OutboundRulesTests} on a real standalone Redis server: the {@code RestClient}, {@code RestTemplate} and
 * {@code WebClient} that Spring Boot's builders make wait for, and are denied, permits that Redis decides.
 */
class OutboundRulesRedisIntegrationTests extends OutboundRulesTests {

	@Override
	String[] backend() {
		return new String[] { "limiter.redis.url=" + RedisFixtures.standalone().uri() };
	}

	@Override
	Class<? extends LimiterBackend> backendClass() {
		return RedisBackend.class;
	}

}
