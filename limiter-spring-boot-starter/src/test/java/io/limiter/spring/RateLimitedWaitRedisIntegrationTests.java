package io.limiter.spring;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link RateLimitedWaitTests} on a real standalone Redis server: reservations and retries decided by its scripts, on
 * its clock.
 */
class RateLimitedWaitRedisIntegrationTests extends RateLimitedWaitTests {

	@Override
	String[] backend() {
		return new String[] { "limiter.redis.url=" + RedisFixtures.standalone().uri() };
	}

	@Override
	Class<? extends LimiterBackend> backendClass() {
		return RedisBackend.class;
	}

}
