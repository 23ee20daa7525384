package io.limiter.contract;

import io.limiter.testsupport.RedisFixtures;

/**
 * Every algorithm's contract on a real Redis standalone (started by the shared fixture), with client time.
 */
class StandaloneContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.standalone(RedisFixtures.standalone());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
