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

	@Nested
	class Gcra extends GcraContract {

		@Override
		protected BackendFixture fixture() {
			return FIXTURE;
		}

	}

	@Nested
	class FixedWindow extends FixedWindowContract {

		@Override
		protected BackendFixture fixture() {
			return FIXTURE;
		}

	}

	@Nested
	class SlidingWindowCounter extends SlidingWindowCounterContract {

		@Override
		protected BackendFixture fixture() {
			return FIXTURE;
		}

	}

	@Nested
	class SlidingWindowLog extends SlidingWindowLogContract {

		@Override
		protected BackendFixture fixture() {
			return FIXTURE;
		}

	}

}
