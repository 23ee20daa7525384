package io.limiter.contract;

import org.junit.jupiter.api.Tag;

import io.limiter.testsupport.RedisFixtures;

/**
 * Every algorithm's contract on a real Redis cluster whose six nodes run in Docker containers (the shared
 * Testcontainers fixture), with client time.
 */
@Tag("docker")
class ClusterInDockerContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.cluster(RedisFixtures.clusterInDocker());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
