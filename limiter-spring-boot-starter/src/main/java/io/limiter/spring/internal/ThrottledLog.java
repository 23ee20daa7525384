package io.limiter.spring.internal;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;

/**
 * Logs at most one message per interval, so that a Redis outage or a busy shadow limit cannot flood the log;
 * the messages in between are counted and the count goes with the next message.
 */
final class ThrottledLog {

	private final Log log;

	private final long intervalNanos;

	private final AtomicLong nextNanos = new AtomicLong(System.nanoTime());

	private final AtomicLong suppressed = new AtomicLong();

	ThrottledLog(Log log, long interval, TimeUnit unit) {
		this.log = log;
		this.intervalNanos = unit.toNanos(interval);
	}

	void warn(Supplier<String> message) {
		if (this.log.isWarnEnabled() && claim()) {
			this.log.warn(message.get() + suffix());
		}
	}

	void info(Supplier<String> message) {
		if (this.log.isInfoEnabled() && claim()) {
			this.log.info(message.get() + suffix());
		}
	}

	private boolean claim() {
		long now = System.nanoTime();
		long next = this.nextNanos.get();
		if (now - next >= 0 && this.nextNanos.compareAndSet(next, now + this.intervalNanos)) {
			return true;
		}
		this.suppressed.incrementAndGet();
		return false;
	}

	private String suffix() {
		long count = this.suppressed.getAndSet(0);
		return (count > 0) ? " (" + count + " similar messages suppressed)" : "";
	}

}
