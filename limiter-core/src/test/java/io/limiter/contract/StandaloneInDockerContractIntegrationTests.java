package io.limiter.contract;

import org.junit.jupiter.api.Tag;

import io.limiter.testsupport.RedisFixtures;

/**
 * Every algorithm's contract on a real Redis standalone in a Docker container (the shared Testcontainers fixture),
 * with client time.
 */
@Tag("docker")
class StandaloneInDockerContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.standalone(RedisFixtures.standaloneInDocker());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
