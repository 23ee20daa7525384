package io.limiter.internal.failure;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.LimiterClock;

/**
 * Stops calling a failing backend: after {@code failureThreshold} consecutive failures it opens for
 * {@code openDuration}, during which calls fail at once; then one probe call goes through, whose success
 * closes it and whose failure opens it again. Lock-free; a closed breaker costs one volatile read per call.
 */
public final class CircuitBreaker {

	private static final long CLOSED = Long.MIN_VALUE;

	private final int failureThreshold;

	private final long openMillis;

	private final LimiterClock clock;

	private final AtomicInteger consecutiveFailures = new AtomicInteger();

	/** Counts the breakers, of a set that shares it, that have seen a failure since their last success. */
	private final AtomicInteger failingBreakers;

	/** {@link #CLOSED}, or the time until which the breaker is open (a probe may pass after it). */
	private final AtomicLong openUntil = new AtomicLong(CLOSED);

	/**
	 * Creates a closed breaker.
	 * @param failureThreshold consecutive failures that open it, at least 1
	 * @param openDuration how long it stays open before a probe, positive
	 * @param clock the time source
	 */
	public CircuitBreaker(int failureThreshold, Duration openDuration, LimiterClock clock) {
		this(failureThreshold, openDuration, clock, new AtomicInteger());
	}

	CircuitBreaker(int failureThreshold, Duration openDuration, LimiterClock clock, AtomicInteger failingBreakers) {
		if (failureThreshold < 1) {
			throw new IllegalArgumentException("failureThreshold must be at least 1 but was " + failureThreshold);
		}
		if (openDuration.isNegative() || openDuration.isZero()) {
			throw new IllegalArgumentException("openDuration must be positive but was " + openDuration);
		}
		this.failureThreshold = failureThreshold;
		this.openMillis = openDuration.toMillis();
		this.clock = clock;
		this.failingBreakers = failingBreakers;
	}

	/**
	 * Returns whether a call may go to the backend now. When the open time is over, exactly one caller gets
	 * {@code true} (the probe) and the breaker stays open for the others until the probe reports.
	 * @return {@code true} when the call may proceed
	 */
	public boolean tryPass() {
		long until = this.openUntil.get();
		if (until == CLOSED) {
			return true;
		}
		long now = this.clock.millis();
		return now >= until && this.openUntil.compareAndSet(until, now + this.openMillis);
	}

	/** Records a successful call: the breaker closes. */
	public void onSuccess() {
		if (this.consecutiveFailures.get() != 0 && this.consecutiveFailures.getAndSet(0) != 0) {
			this.failingBreakers.decrementAndGet();
		}
		if (this.openUntil.get() != CLOSED) {
			this.openUntil.set(CLOSED);
		}
	}

	/** Records a failed call: the breaker opens at the threshold, and again after a failed probe. */
	public void onFailure() {
		int failures = this.consecutiveFailures.incrementAndGet();
		if (failures == 1) {
			this.failingBreakers.incrementAndGet();
		}
		if (failures >= this.failureThreshold) {
			this.openUntil.set(this.clock.millis() + this.openMillis);
		}
	}

	/**
	 * Returns whether calls are being refused now. Once the open time is over the next call is let through as
	 * a probe, so the breaker no longer counts as open, also when no call comes: the breaker of a cluster node
	 * that no key is routed to any more must not look open for ever.
	 * @return {@code true} while open and not yet due for a probe, or while a probe is under way
	 */
	public boolean isOpen() {
		long until = this.openUntil.get();
		return until != CLOSED && this.clock.millis() < until;
	}

	/**
	 * Returns whether no failure was seen since the last success.
	 * @return {@code true} when healthy
	 */
	public boolean isHealthy() {
		return this.consecutiveFailures.get() == 0;
	}

	/**
	 * Returns how long the breaker stays open once it opens.
	 * @return the open time in milliseconds
	 */
	public long openMillis() {
		return this.openMillis;
	}

	/**
	 * Returns how long until the next probe may pass; zero when closed or due.
	 * @return milliseconds until the next probe
	 */
	public long millisUntilProbe() {
		long until = this.openUntil.get();
		return (until == CLOSED) ? 0 : Math.max(0, until - this.clock.millis());
	}

}
