package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.MarkedReceipt;

/**
 * The in-memory state of the algorithms that decide by the ticks a key owes: token bucket and GCRA. One permit is
 * {@code period} ticks, {@code capacity} ticks are paid back per millisecond, and a key owing nothing is full. A grant
 * adds {@code permits * period} to the debt; a reservation may take the debt past a full period, as far as
 * {@code max_wait_ms} of payback allows. Only a grant changes the state, so denials are decided on an optimistic
 * read ({@link OptimisticState}).
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
	 * Returns the key's time: that of its last write, which a now before it counts as. Called under the write lock.
	 * @return the time
	 */
	abstract long grantedAt();

	/**
	 * Stores a debt at a time; a debt of 0 forgets the state, as the scripts delete the key. Called under the write
	 * lock.
	 * @param nowMillis the current time
	 * @param debt the debt, at least 0
	 */
	abstract void store(long nowMillis, long debt);

	@Override
	final Decision look(long nowMillis, long permits, long maxWaitMillis) {
		long debt = debtAt(nowMillis);
		long full = this.capacity * this.periodMillis;
		long owed = debt + permits * this.periodMillis;
		if (owed <= full) {
			return Decision.allowed(this.capacity, (full - owed) / this.periodMillis,
					IntegerMath.ceilDiv(owed, this.capacity));
		}
		long wait = IntegerMath.ceilDiv(owed - full, this.capacity);
		if (maxWaitMillis > 0 && wait <= maxWaitMillis) {
			return Decision.reserved(this.capacity, wait, IntegerMath.ceilDiv(owed, this.capacity));
		}
		return Decision.denied(this.capacity, Math.max(0, full - debt) / this.periodMillis, wait,
				IntegerMath.ceilDiv(debt, this.capacity));
	}

	@Override
	final void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision) {
		long debt = debtAt(nowMillis) + permits * this.periodMillis;
		// a look (no permits) stores nothing, as the scripts write nothing, unless the state is due to be forgotten
		if (permits > 0 || debt == 0) {
			store(nowMillis, debt);
		}
	}

	@Override
	final void addPermits(long nowMillis, long permits) {
		store(nowMillis, Math.max(0, debtAt(nowMillis) - permits * this.periodMillis));
	}

	/**
	 * Pays back the part of the grant's debt that refill has not paid back yet: the grant's ticks are the last it
	 * added to the debt it left ({@code grantTicks}), which refill pays back at {@code capacity} ticks per ms from its
	 * time on.
	 */
	@Override
	final void refundGrant(long nowMillis, MarkedReceipt receipt, int offset) {
		long grantTime = receipt.mark(offset);
		long grantTicks = receipt.mark(offset + 1);
		long elapsed = Math.max(0, Math.max(nowMillis, grantedAt()) - grantTime);
		long unpaid = 0;
		if (elapsed < IntegerMath.ceilDiv(grantTicks, this.capacity)) {
			long cost = Math.min(receipt.permits(), Limit.MAX_CAPACITY_PERIOD_PRODUCT / this.periodMillis)
					* this.periodMillis;
			unpaid = Math.min(cost, grantTicks - elapsed * this.capacity);
		}
		// written even when nothing is given back, at the key's time, as the scripts write it
		store(nowMillis, Math.max(0, debtAt(nowMillis) - unpaid));
	}

	@Override
	final void markGrant(long[] marks, int offset) {
		marks[offset] = grantedAt();
		marks[offset + 1] = debtAt(grantedAt());
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * The debt grows to at most two full buckets (one below empty), or 2^53 ticks where that is less, so that the
	 * scripts' doubles stay exact; a debt a reservation made larger is kept.
	 */
	@Override
	final void penalize(long nowMillis, long permits) {
		long debt = debtAt(nowMillis);
		long maximum = Math.min(2 * this.capacity * this.periodMillis, Limit.MAX_CAPACITY_PERIOD_PRODUCT);
		store(nowMillis, Math.max(debt, Math.min(debt + permits * this.periodMillis, maximum)));
	}

	@Override
	final boolean isEmptyAt(long nowMillis) {
		return debtAt(nowMillis) == 0;
	}

}
