package io.limiter.reliability;

import java.time.Duration;

import org.junit.jupiter.api.Tag;

import io.limiter.testsupport.PrivateRedisCluster;
import io.limiter.testsupport.RedisFixtures;

/**
 * The failover contract on a cluster whose nodes run in Docker containers: the master is killed with
 * {@code docker kill}.
 */
@Tag("docker")
class FailoverInDockerIntegrationTests extends ClusterFailoverContract {

	@Override
	PrivateRedisCluster<?> start(Duration nodeTimeout) {
		return RedisFixtures.startClusterInDocker(nodeTimeout);
	}

}
