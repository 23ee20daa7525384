package io.limiter.concurrency;

import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

/**
 * How releases travel on the 3-master cluster, where every key of a user has a hash slot of its own: a take carries
 * the releases of its slot only.
 */
class ClusterBatchedReleasesIntegrationTests extends BatchedReleasesContract {

	@Override
	protected RedisBackend backend(LimiterObserver observer) {
		return StandaloneConcurrencyIntegrationTests.connected(RedisBackend.builder()
			.cluster(RedisFixtures.cluster().seedNodes())
			.fallbackInstances(1)
			.observer(observer));
	}

	@Override
	protected ScriptCalls scriptCalls() {
		return new ScriptCalls(RedisFixtures.cluster().nodeUris());
	}

}
