package io.limiter.concurrency;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.LimiterObserver;

/**
 * The concurrency limiter's contract on the in-memory backend.
 */
class InMemoryConcurrencyTests extends ConcurrencyLimiterContract {

	@Override
	protected LimiterBackend backend(LimiterObserver observer) {
		return InMemoryBackend.builder().observer(observer).build();
	}

}
