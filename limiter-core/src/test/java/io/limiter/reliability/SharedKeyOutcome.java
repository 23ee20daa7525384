package io.limiter.reliability;

import java.util.concurrent.TimeUnit;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;

/**
 * What several instances decided together on one key of one limit: the grants of Redis and of the failure policy,
 * the span of the decisions the policy made, and the slowest answer; and the bound that the reliability
 * documentation states for them, rate by rate:
 * <pre>
 * allowed &lt;= capacity + capacity x elapsed / period                  Redis' budget
 *          + capacity per event that loses Redis' state              a failover's lost writes, a restart
 *          + instances x ceil(capacity / instances) x (1 + degraded / period)   the fallbacks' shares
 * </pre>
 * A limit of several rates allows only what each of its rates allows, so it stays within the least of their bounds.
 */
final class SharedKeyOutcome {

	private final String name;

	private final Limit limit;

	private final int instances;

	private long decisions;

	private long redisAllowed;

	private long degraded;

	private long degradedAllowed;

	private long firstDegraded = Long.MAX_VALUE;

	private long lastDegraded = Long.MIN_VALUE;

	private long slowestNanos;

	private Decision slowest;

	private long slowestAskedNanos;

	private long redisAllowedAfterFault;

	private volatile long faultAt = Long.MAX_VALUE;

	private volatile long faultEndedAt = Long.MAX_VALUE;

	private long elapsedNanos;

	/**
	 * Creates an empty outcome.
	 * @param name the limit's name
	 * @param limit the limit
	 * @param instances how many instances share the limit
	 */
	SharedKeyOutcome(String name, Limit limit, int instances) {
		this.name = name;
		this.limit = limit;
		this.instances = instances;
	}

	/**
	 * Counts one decision.
	 * @param decision what a caller got
	 * @param askedNanos the {@link System#nanoTime()} at which it asked
	 * @param answeredNanos the {@link System#nanoTime()} at which it got the answer
	 */
	synchronized void record(Decision decision, long askedNanos, long answeredNanos) {
		this.decisions++;
		if (answeredNanos - askedNanos > this.slowestNanos) {
			this.slowestNanos = answeredNanos - askedNanos;
			this.slowest = decision;
			this.slowestAskedNanos = askedNanos;
		}
		if (decision.isDegraded()) {
			this.degraded++;
			this.firstDegraded = Math.min(this.firstDegraded, answeredNanos);
			this.lastDegraded = Math.max(this.lastDegraded, answeredNanos);
			if (decision.isAllowed()) {
				this.degradedAllowed++;
			}
		}
		else if (decision.isAllowed()) {
			this.redisAllowed++;
			if (answeredNanos > this.faultEndedAt) {
				this.redisAllowedAfterFault++;
			}
		}
	}

	/**
	 * Notes when the fault began and ended.
	 * @param beganNanos the {@link System#nanoTime()} at which it began
	 * @param endedNanos the {@link System#nanoTime()} at which it ended
	 */
	void fault(long beganNanos, long endedNanos) {
		this.faultAt = beganNanos;
		this.faultEndedAt = endedNanos;
	}

	/**
	 * Notes how long the decisions ran.
	 * @param nanos the time between the start and the end of the load
	 */
	synchronized void elapsed(long nanos) {
		this.elapsedNanos = nanos;
	}

	/** {@return the limit's name} */
	String name() {
		return this.name;
	}

	synchronized long decisions() {
		return this.decisions;
	}

	/** {@return how many decisions the failure policy made} */
	synchronized long degraded() {
		return this.degraded;
	}

	synchronized long allowed() {
		return this.redisAllowed + this.degradedAllowed;
	}

	/** {@return how many permits Redis granted after the fault ended} */
	synchronized long redisAllowedAfterFault() {
		return this.redisAllowedAfterFault;
	}

	/** {@return the longest a caller waited for a decision, in milliseconds} */
	synchronized long slowestMillis() {
		return TimeUnit.NANOSECONDS.toMillis(this.slowestNanos);
	}

	/** {@return the time from the first to the last decision by the policy, in milliseconds; 0 without any} */
	synchronized long degradedMillis() {
		return (this.degraded > 0) ? TimeUnit.NANOSECONDS.toMillis(this.lastDegraded - this.firstDegraded) : 0;
	}

	/** {@return what the limit allows over the run, {@code capacity + capacity x elapsed / period} of its strictest rate} */
	synchronized long budget() {
		return this.limit.rates().stream().mapToLong(this::budget).min().orElseThrow();
	}

	private long budget(Rate rate) {
		return rate.capacity() + rate.capacity() * TimeUnit.NANOSECONDS.toMillis(this.elapsedNanos) / rate.periodMillis();
	}

	/**
	 * Returns the stated bound: the budget, one burst per event that loses Redis' state, and the fallbacks' shares
	 * for the time decisions were degraded; of a limit of several rates the least of its rates' bounds.
	 * @param stateLosingEvents how many failovers or restarts lost Redis' state
	 * @return the most the instances may allow together
	 */
	synchronized long bound(int stateLosingEvents) {
		return this.limit.rates().stream()
			.mapToLong((rate) -> redisBound(rate, stateLosingEvents) + fallbackBound(rate))
			.min()
			.orElseThrow();
	}

	/**
	 * Returns the part of the bound that Redis may grant: the budget and one burst per event that loses its state.
	 * @param stateLosingEvents how many failovers or restarts lost Redis' state
	 * @return the most Redis may grant
	 */
	synchronized long redisBound(int stateLosingEvents) {
		return this.limit.rates().stream().mapToLong((rate) -> redisBound(rate, stateLosingEvents)).min().orElseThrow();
	}

	/**
	 * Returns the part of the bound that the fallbacks may grant: each instance's share as a burst, plus its refill
	 * for the time decisions were degraded.
	 * @return the most the fallbacks may grant
	 */
	synchronized long fallbackBound() {
		return this.limit.rates().stream().mapToLong(this::fallbackBound).min().orElseThrow();
	}

	private long redisBound(Rate rate, int stateLosingEvents) {
		return budget(rate) + stateLosingEvents * rate.capacity();
	}

	private long fallbackBound(Rate rate) {
		if (this.degraded == 0) {
			return 0;
		}
		long share = (rate.capacity() + this.instances - 1) / this.instances;
		return this.instances * share * (1 + (degradedMillis() + rate.periodMillis() - 1) / rate.periodMillis());
	}

	/** {@return the permits Redis granted} */
	synchronized long redisAllowed() {
		return this.redisAllowed;
	}

	/** {@return the permits the fallbacks granted} */
	synchronized long fallbackAllowed() {
		return this.degradedAllowed;
	}

	@Override
	public synchronized String toString() {
		return "'" + this.name + "' " + this.limit.rates() + ": " + this.decisions + " decisions in "
				+ TimeUnit.NANOSECONDS.toMillis(this.elapsedNanos) + " ms by " + this.instances + " instances; allowed "
				+ allowed() + " (Redis " + this.redisAllowed + ", fallback " + this.degradedAllowed
				+ ") against a budget of " + budget() + " (x" + String.format("%.2f", (double) allowed() / budget())
				+ "); " + this.degraded + " decisions by the failure policy over " + degradedMillis() + " ms"
				+ ((this.degraded > 0 && this.faultAt != Long.MAX_VALUE) ? ", the last "
						+ TimeUnit.NANOSECONDS.toMillis(this.lastDegraded - this.faultAt) + " ms after the fault began" : "")
				+ "; slowest answer " + slowestMillis() + " ms" + ((this.slowest != null && this.faultAt != Long.MAX_VALUE)
						? " (" + this.slowest + ", asked " + TimeUnit.NANOSECONDS.toMillis(this.slowestAskedNanos - this.faultAt)
								+ " ms after the fault began)"
						: "");
	}

}
