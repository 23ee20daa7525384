package io.limiter.spring;

import io.limiter.testsupport.RedisFixtures;

/**
 * {@link ConcurrencyLimitedAspectTests} on a real standalone Redis server.
 */
class ConcurrencyLimitedAspectRedisIntegrationTests extends ConcurrencyLimitedAspectTests {

	@Override
	String[] backend() {
		return new String[] { "limiter.redis.url=" + RedisFixtures.standalone().uri() };
	}

}
