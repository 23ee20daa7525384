package io.limiter.contract;

import org.junit.jupiter.api.Nested;

/**
 * Every algorithm's contract on a real Redis cluster (started by the shared fixture), with client time.
 */
class ClusterContractIntegrationTests {

	private static final BackendFixture FIXTURE = BackendFixture.cluster();

	@Nested
	class TokenBucket extends TokenBucketContract {

		@Override
		protected BackendFixture fixture() {
			return FIXTURE;
		}

	}

}
