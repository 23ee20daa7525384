package io.limiter.contract;

/**
 * Every algorithm's contract on a real Redis standalone (started by the shared fixture), with client time.
 */
class StandaloneContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.standalone();

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
