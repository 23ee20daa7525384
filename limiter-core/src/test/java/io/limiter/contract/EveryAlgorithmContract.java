package io.limiter.contract;

import org.junit.jupiter.api.Nested;

/**
 * Every algorithm's contract on one backend: a subclass names the backend, and each nested class runs one
 * algorithm's contract on it.
 */
abstract class EveryAlgorithmContract {

	/**
	 * Returns the backend every nested contract runs on, the same for all of them.
	 * @return the fixture
	 */
	protected abstract BackendFixture fixture();

	@Nested
	class TokenBucket extends TokenBucketContract {

		@Override
		protected BackendFixture fixture() {
			return EveryAlgorithmContract.this.fixture();
		}

	}

	@Nested
	class Gcra extends GcraContract {

		@Override
		protected BackendFixture fixture() {
			return EveryAlgorithmContract.this.fixture();
		}

	}

	@Nested
	class FixedWindow extends FixedWindowContract {

		@Override
		protected BackendFixture fixture() {
			return EveryAlgorithmContract.this.fixture();
		}

	}

	@Nested
	class SlidingWindowCounter extends SlidingWindowCounterContract {

		@Override
		protected BackendFixture fixture() {
			return EveryAlgorithmContract.this.fixture();
		}

	}

	@Nested
	class SlidingWindowLog extends SlidingWindowLogContract {

		@Override
		protected BackendFixture fixture() {
			return EveryAlgorithmContract.this.fixture();
		}

	}

}
