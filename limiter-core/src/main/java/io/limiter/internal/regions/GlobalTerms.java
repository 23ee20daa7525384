package io.limiter.internal.regions;

import java.time.Duration;

import io.limiter.GlobalBudget;
import io.limiter.Limit;

/**
 * The numbers of one global limit that its scripts take, in ticks (a permit is {@code period_ms} ticks) and
 * milliseconds, with the text of those sent on every call made once.
 */
final class GlobalTerms {

	private final long capacity;

	private final long period;

	private final long ceilingTicks;

	private final String capacityArg;

	private final String periodArg;

	private final String leaseArg;

	private final String lockArg;

	private final String safetyArg;

	/**
	 * @param limit a token bucket or GCRA of one rate
	 * @param budget how it is lent
	 * @param homeTimeout the longest deadline of a call to the home: an election runs twice that, so a borrower that
	 * died frees it within it
	 */
	GlobalTerms(Limit limit, GlobalBudget budget, Duration homeTimeout) {
		this.capacity = limit.capacity();
		this.period = limit.periodMillis();
		this.ceilingTicks = budget.loanCeiling(limit) * this.period;
		this.capacityArg = Long.toString(this.capacity);
		this.periodArg = Long.toString(this.period);
		this.leaseArg = Long.toString(budget.lease().toMillis());
		this.lockArg = Long.toString(2 * homeTimeout.toMillis());
		this.safetyArg = Long.toString(Math.round(budget.safetyFactor() * 1000));
	}

	long capacity() {
		return this.capacity;
	}

	long period() {
		return this.period;
	}

	/** {@return the loan ceiling in ticks} */
	long ceilingTicks() {
		return this.ceilingTicks;
	}

	/** {@return what a key without history in the region borrows: a tenth of the ceiling, at least one permit} */
	long initialBorrowTicks() {
		return Math.max(this.period, ((this.ceilingTicks / this.period + 9) / 10) * this.period);
	}

	/**
	 * Rounds ticks up to whole permits, so that a pool holds no part of a permit that no request could take.
	 * @param ticks at most the ceiling, which is whole permits
	 * @return the ticks of the whole permits
	 */
	long wholePermits(long ticks) {
		return ((ticks + this.period - 1) / this.period) * this.period;
	}

	/**
	 * Returns the region's fallback share, {@code ceil(capacity / regions)} per period.
	 * @param regions the regions that share the limit, at least 1
	 * @return the share's capacity
	 */
	long shareCapacity(int regions) {
		return (this.capacity + regions - 1) / regions;
	}

	String capacityArg() {
		return this.capacityArg;
	}

	String periodArg() {
		return this.periodArg;
	}

	String leaseArg() {
		return this.leaseArg;
	}

	String lockArg() {
		return this.lockArg;
	}

	String safetyArg() {
		return this.safetyArg;
	}

}
