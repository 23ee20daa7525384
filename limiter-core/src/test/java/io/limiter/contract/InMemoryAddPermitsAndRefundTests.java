package io.limiter.contract;

/**
 * The two give-backs of a key on the in-memory backend.
 */
class InMemoryAddPermitsAndRefundTests extends AddPermitsAndRefundContract {

	private static final BackendFixture FIXTURE = BackendFixture.inMemory();

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
