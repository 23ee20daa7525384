package io.limiter.reliability;

import java.time.Duration;

import io.limiter.testsupport.PrivateRedisCluster;
import io.limiter.testsupport.RedisFixtures;

/**
 * The failover contract on a cluster of local {@code redis-server} processes.
 */
class FailoverIntegrationTests extends ClusterFailoverContract {

	@Override
	PrivateRedisCluster<?> start(Duration nodeTimeout) {
		return RedisFixtures.startCluster(nodeTimeout);
	}

}
