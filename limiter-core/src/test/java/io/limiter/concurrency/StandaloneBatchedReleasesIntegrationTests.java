package io.limiter.concurrency;

import java.util.List;

import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

/**
 * How releases travel on a standalone Redis.
 */
class StandaloneBatchedReleasesIntegrationTests extends BatchedReleasesContract {

	@Override
	protected RedisBackend backend(LimiterObserver observer) {
		return StandaloneConcurrencyIntegrationTests.connected(RedisBackend.builder()
			.standalone(RedisFixtures.standalone().uri())
			.fallbackInstances(1)
			.observer(observer));
	}

	@Override
	protected ScriptCalls scriptCalls() {
		return new ScriptCalls(List.of(RedisFixtures.standalone().uri()));
	}

}
