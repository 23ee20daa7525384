package io.limiter.contract;

import org.junit.jupiter.api.Nested;

/**
 * Every algorithm's contract on a real Redis standalone (started by the shared fixture), with client time.
 */
class StandaloneContractIntegrationTests {

	private static final BackendFixture FIXTURE = BackendFixture.standalone();

	@Nested
	class TokenBucket extends TokenBucketContract {

		@Override
		protected BackendFixture fixture() {
			return FIXTURE;
		}

	}

}
