package io.limiter.contract;

import io.limiter.testsupport.RedisFixtures;

/**
 * The two give-backs of a key on a standalone Redis server, decided by its scripts.
 */
class StandaloneAddPermitsAndRefundIntegrationTests extends AddPermitsAndRefundContract {

	private static final BackendFixture FIXTURE = BackendFixture.standalone(RedisFixtures.standalone());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
