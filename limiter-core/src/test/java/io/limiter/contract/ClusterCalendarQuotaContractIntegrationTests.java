package io.limiter.contract;

import io.limiter.testsupport.RedisFixtures;

/**
 * The calendar quota vectors on a real Redis cluster (started by the shared fixture), with client time: the same
 * answers as in memory and on a standalone server.
 */
class ClusterCalendarQuotaContractIntegrationTests extends CalendarQuotaContract {

	private static final BackendFixture FIXTURE = BackendFixture.cluster(RedisFixtures.cluster());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

}
