package io.limiter.contract;

/**
 * The calendar quota vectors on the in-memory backend.
 */
class InMemoryCalendarQuotaContractTests extends CalendarQuotaContract {

	private static final BackendFixture FIXTURE = BackendFixture.inMemory();

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
