package io.limiter;

import java.util.concurrent.atomic.AtomicLong;

/**
 * An observer that counts the Redis calls a backend makes, for tests that assert how many calls an operation costs.
 */
final class RedisCallCounter implements LimiterObserver {

	private final AtomicLong calls = new AtomicLong();

	@Override
	public void onRedisCall() {
		this.calls.incrementAndGet();
	}

	long calls() {
		return this.calls.get();
	}

}
