package io.limiter.internal.algorithm;

import java.util.concurrent.locks.StampedLock;

import io.limiter.Decision;
import io.limiter.Limit;

/**
 * The in-memory state of the algorithms that decide by {@link TickDebt}: token bucket and GCRA.
 * <p>
 * Only a grant changes the state, so a denial is decided on an optimistic read, without taking the lock, and the
 * denial is kept: until the state changes, a request for the same permits in the same millisecond gets the same
 * {@link Decision} without any arithmetic or allocation. A key that is out of permits costs its callers no lock and
 * one write to shared memory a millisecond, however many of them there are. A retired state is idle or moved: an
 * idle one has no debt and so denies nothing, and a moved one no longer changes, so only the write lock looks at
 * {@link #retired}.
 */
abstract class DebtState extends LimitState {

	private final StampedLock lock = new StampedLock();

	private Denial lastDenial;

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
	public final Decision decide(long nowMillis, long permits, long maxWaitMillis) {
		long stamp = this.lock.tryOptimisticRead();
		Denial denial = this.lastDenial;
		if (denial != null && denial.answers(stamp, nowMillis, permits, maxWaitMillis)) {
			return denial.decision();
		}
		if (stamp != 0) {
			Decision decision = decideOn(debtAt(nowMillis), permits, maxWaitMillis);
			if (!decision.isAllowed() && this.lock.validate(stamp)) {
				this.lastDenial = new Denial(stamp, nowMillis, permits, decision);
				return decision;
			}
		}
		long writeStamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return null;
			}
			long debt = debtAt(nowMillis);
			Decision decision = decideOn(debt, permits, maxWaitMillis);
			if (decision.isAllowed()) {
				grant(nowMillis, debt + permits * this.periodMillis, permits);
			}
			return decision;
		}
		finally {
			this.lock.unlockWrite(writeStamp);
		}
	}

	private Decision decideOn(long debt, long permits, long maxWaitMillis) {
		return TickDebt.decide(this.capacity, this.periodMillis, debt, permits, maxWaitMillis);
	}

	@Override
	public final boolean isIdle(long nowMillis) {
		long stamp = this.lock.readLock();
		try {
			return debtAt(nowMillis) == 0;
		}
		finally {
			this.lock.unlockRead(stamp);
		}
	}

	@Override
	public final boolean retireIfIdle(long nowMillis) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired || debtAt(nowMillis) != 0) {
				return false;
			}
			this.retired = true;
			return true;
		}
		finally {
			this.lock.unlockWrite(stamp);
		}
	}

	@Override
	public final KeyState moveTo(Limit limit) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return null;
			}
			this.retired = true;
			return takeOver(limit);
		}
		finally {
			this.lock.unlockWrite(stamp);
		}
	}

	/**
	 * A denial and what it was decided on: a version of the state, a millisecond and a number of permits. It answers
	 * a later request on the same three unless that request may reserve as far as the denial's wait.
	 */
	private record Denial(long stamp, long nowMillis, long permits, Decision decision) {

		boolean answers(long stamp, long nowMillis, long permits, long maxWaitMillis) {
			return this.stamp == stamp && this.nowMillis == nowMillis && this.permits == permits
					&& (maxWaitMillis == 0 || this.decision.retryAfterMillis() > maxWaitMillis);
		}

	}

}
