package io.limiter.internal.failure;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.LimiterClock;

/**
 * Logs backend failures without flooding the log: the first one at once, then at most one line per interval
 * that says how many were suppressed since the last line.
 */
public final class ThrottledLog {

	private static final Logger logger = System.getLogger("io.limiter");

	private final long intervalMillis;

	private final LimiterClock clock;

	private final AtomicLong nextLogAt = new AtomicLong(Long.MIN_VALUE);

	private final AtomicLong suppressed = new AtomicLong();

	/**
	 * Creates a log.
	 * @param intervalMillis the shortest time between two lines
	 * @param clock the time source
	 */
	public ThrottledLog(long intervalMillis, LimiterClock clock) {
		this.intervalMillis = intervalMillis;
		this.clock = clock;
	}

	/**
	 * Logs a failure, or counts it when a line was written less than an interval ago.
	 * @param message what failed and what was decided instead
	 * @param failure the failure
	 * @return whether a line was written
	 */
	public boolean warn(String message, Throwable failure) {
		long now = this.clock.millis();
		long due = this.nextLogAt.get();
		if (now < due || !this.nextLogAt.compareAndSet(due, now + this.intervalMillis)) {
			this.suppressed.incrementAndGet();
			return false;
		}
		long skipped = this.suppressed.getAndSet(0);
		String suffix = (skipped > 0) ? " (" + skipped + " similar failures not logged)" : "";
		logger.log(Level.WARNING, message + ": " + failure + suffix);
		return true;
	}

}
