package io.limiter.spring;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.LimiterClock;

/**
 * A clock that tests move by hand.
 */
final class ManualClock implements LimiterClock {

	private final AtomicLong millis = new AtomicLong(1_000_000);

	@Override
	public long millis() {
		return this.millis.get();
	}

	void advance(Duration duration) {
		this.millis.addAndGet(duration.toMillis());
	}

}
