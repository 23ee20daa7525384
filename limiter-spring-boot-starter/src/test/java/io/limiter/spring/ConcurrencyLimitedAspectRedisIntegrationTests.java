package io.limiter.spring;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

/**
 * {@link ConcurrencyLimitedAspectTests} on a real standalone Redis server.
 */
class ConcurrencyLimitedAspectRedisIntegrationTests extends ConcurrencyLimitedAspectTests {

	@Override
	String[] backend() {
		return new String[] { "limiter.redis.url=" + RedisFixtures.standalone().uri() };
	}

	@Override
	Class<? extends LimiterBackend> backendClass() {
		return RedisBackend.class;
	}

}
