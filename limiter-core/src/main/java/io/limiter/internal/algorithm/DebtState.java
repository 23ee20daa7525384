package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;

/**
 * The in-memory state of the algorithms that decide by {@link TickDebt}: token bucket and GCRA. Only a grant
 * changes the state, so denials are decided on an optimistic read ({@link OptimisticState}).
 */
abstract class DebtState extends OptimisticState {

	DebtState(Limit limit) {
		super(limit);
	}

	/**
	 * Returns the ticks the key owes at a time, from the stored fields. Called under the lock or on an optimistic
	 * read whose result is only used once validated, so it must not throw on fields read mid-write.
	 * @param nowMillis the current time
	 * @return the debt, at least 0
	 */
	abstract long debtAt(long nowMillis);

	/**
	 * Stores a grant; called under the write lock.
	 * @param nowMillis the time of the grant
	 * @param debt the debt after the grant
	 * @param permits the permits granted
	 */
	abstract void grant(long nowMillis, long debt, long permits);

	@Override
	final Decision look(long nowMillis, long permits, long maxWaitMillis) {
		return TickDebt.decide(this.capacity, this.periodMillis, debtAt(nowMillis), permits, maxWaitMillis);
	}

	@Override
	final void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision) {
		grant(nowMillis, debtAt(nowMillis) + permits * this.periodMillis, permits);
	}

	@Override
	final boolean isEmptyAt(long nowMillis) {
		return debtAt(nowMillis) == 0;
	}

}
