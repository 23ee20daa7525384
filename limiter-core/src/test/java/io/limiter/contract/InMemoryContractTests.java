package io.limiter.contract;

/**
 * Every algorithm's contract on the in-memory backend.
 */
class InMemoryContractTests extends EveryAlgorithmContract {

	private static final BackendFixture FIXTURE = BackendFixture.inMemory();

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
