package io.limiter.integration;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.limiter.LimiterClock;

/**
 * Logs without flooding the log, whatever the rate of events (a Redis outage, a busy shadow limit, a flood of
 * denials): the first line at once, then at most one line per interval that says how many were not logged since
 * the last one. Limiter logs through it wherever a line could be written per decision. Written here because
 * neither the JDK's {@link System.Logger} nor the logging facades give a per-line rate limit; the one Logback has
 * ({@code DuplicateMessageFilter}) is the application's configuration to choose, not a library's.
 */
public final class ThrottledLog {

	private final Logger logger;

	private final long intervalMillis;

	private final LimiterClock clock;

	private final AtomicLong nextLogAt = new AtomicLong(Long.MIN_VALUE);

	private final AtomicLong suppressed = new AtomicLong();

	/**
	 * Creates a log.
	 * @param logger where the lines go
	 * @param interval the shortest time between two lines, at least a millisecond
	 * @param clock the time source
	 * @throws IllegalArgumentException when the interval is shorter than a millisecond
	 */
	public ThrottledLog(Logger logger, Duration interval, LimiterClock clock) {
		this.logger = Objects.requireNonNull(logger, "logger");
		this.clock = Objects.requireNonNull(clock, "clock");
		this.intervalMillis = Objects.requireNonNull(interval, "interval").toMillis();
		if (this.intervalMillis < 1) {
			throw new IllegalArgumentException("interval must be at least 1ms, was " + interval);
		}
	}

	/**
	 * Logs a failure as a warning, or counts it when a line was written less than an interval ago.
	 * @param message what failed and what was decided instead
	 * @param failure the failure
	 * @return whether a line was written
	 */
	public boolean warn(String message, Throwable failure) {
		return log(Level.WARNING, () -> message + ": " + failure);
	}

	/**
	 * Logs a line, or counts it when a line was written less than an interval ago; nothing is built or counted
	 * when the level is off.
	 * @param level the level
	 * @param message the line, built only when it is written
	 * @return whether a line was written
	 */
	public boolean log(Level level, Supplier<String> message) {
		if (!this.logger.isLoggable(level)) {
			return false;
		}
		long now = this.clock.millis();
		long due = this.nextLogAt.get();
		if (now < due || !this.nextLogAt.compareAndSet(due, now + this.intervalMillis)) {
			this.suppressed.incrementAndGet();
			return false;
		}
		long skipped = this.suppressed.getAndSet(0);
		String suffix = (skipped > 0) ? " (" + skipped + " similar lines not logged)" : "";
		this.logger.log(level, message.get() + suffix);
		return true;
	}

}
