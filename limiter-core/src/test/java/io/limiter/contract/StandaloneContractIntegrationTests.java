package io.limiter.contract;

import org.junit.jupiter.api.AfterAll;

import io.limiter.testsupport.RedisFixtures;

/**
 * Every algorithm's contract on a real Redis standalone (started by the shared fixture, or the server that
 * -Dlimiter.test.redis.url names: RedisFixtures#contractStandalone), with client time.
 */
class StandaloneContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.standalone(RedisFixtures.contractStandalone());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

	@AfterAll
	static void deleteTheKeys() {
		FIXTURE.close();
	}

}
