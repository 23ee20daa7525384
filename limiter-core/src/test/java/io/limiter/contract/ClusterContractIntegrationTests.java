package io.limiter.contract;

/**
 * Every algorithm's contract on a real Redis cluster (started by the shared fixture), with client time.
 */
class ClusterContractIntegrationTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.cluster();

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
