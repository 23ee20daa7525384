package io.limiter.contract;

import io.limiter.testsupport.RedisFixtures;

/**
 * Every algorithm's contract on a real Redis cluster (started by the shared fixture), with client time.
 */
class ClusterContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.cluster(RedisFixtures.cluster());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
