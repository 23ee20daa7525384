package io.limiter.internal.algorithm;

import java.util.concurrent.locks.StampedLock;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.memory.EvictionCost;

/**
 * The in-memory state of an algorithm whose denials change nothing: only a grant writes. A denial is therefore
 * decided on an optimistic read, without taking the lock, and kept: until the state changes, a request for the
 * same permits in the same millisecond gets the same {@link Decision} without any arithmetic or allocation. A key
 * that is out of permits costs its callers no lock and one write to shared memory a millisecond, however many of
 * them there are; grants take the write lock.
 * <p>
 * A retired state ({@link KeyState}) is idle, evicted or moved: an idle one owes nothing and so denies nothing, and
 * an evicted or moved one no longer changes (it may repeat a denial that was true when it retired), so only the
 * write lock looks at {@link #retired}, and retiring takes it.
 * <p>
 * A grant of at least one permit carries a {@link MarkedReceipt} of two marks per rate, the key's time of the grant and
 * the ticks the key owed right after it (0 for the window algorithms), which a refund of the grant reads.
 */
abstract class OptimisticState extends LimitState {

	private final StampedLock lock = new StampedLock();

	private Denial lastDenial;

	/**
	 * Whether the last decision under the lock was a grant: the next request then goes to the lock at once, since a
	 * key that grants usually grants again, and an optimistic look at a grant costs a decision thrown away. Only a
	 * hint, read without the lock.
	 */
	private boolean granting;

	OptimisticState(Limit limit) {
		super(limit);
	}

	/**
	 * Decides a request on the stored fields without changing them. Called under the lock, or on an optimistic
	 * read whose result is used only once validated: on fields read in the middle of a write it may decide
	 * nonsense or throw (the request is then decided under the lock), but must not loop forever.
	 * @param nowMillis the current time
	 * @param permits the permits to take
	 * @param maxWaitMillis how far ahead permits may be reserved
	 * @return the decision the state gives
	 */
	abstract Decision look(long nowMillis, long permits, long maxWaitMillis);

	/**
	 * Stores a grant that {@link #look} allowed; called under the write lock.
	 * @param nowMillis the current time
	 * @param permits the permits granted
	 * @param maxWaitMillis how far ahead permits could be reserved
	 * @param decision the grant
	 */
	abstract void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision);

	/**
	 * Gives permits back, never past a fresh state; called under the write lock.
	 * @param nowMillis the current time
	 * @param permits the permits, at least 1
	 */
	abstract void addPermits(long nowMillis, long permits);

	/**
	 * Gives back what the grant of a receipt took, as far as its permits still hold capacity where they were taken;
	 * called under the write lock, with a receipt of {@link #receiptSize()} marks.
	 * @param nowMillis the current time
	 * @param receipt the grant's receipt: its permits, and two marks per rate, the key's time of the grant and the
	 * ticks the key owed right after it
	 * @param offset the index of this state's first mark
	 */
	abstract void refundGrant(long nowMillis, MarkedReceipt receipt, int offset);

	/**
	 * Writes the marks of the grant just stored, the key's time of the grant and the ticks the key owed right after
	 * it (0 for the algorithms that count permits); called under the write lock.
	 * @param marks the marks of the receipt
	 * @param offset the index of this state's first mark
	 */
	abstract void markGrant(long[] marks, int offset);

	/** {@return how many marks a receipt of this state holds: two per rate} */
	int receiptSize() {
		return 2;
	}

	/**
	 * Takes permits even beyond what is left, to at most twice the capacity in use; called under the write lock.
	 * @param nowMillis the current time
	 * @param permits the permits, at least 1
	 */
	abstract void penalize(long nowMillis, long permits);

	/**
	 * Returns whether the stored fields equal no state at a time; called under the read lock.
	 * @param nowMillis the current time
	 * @return {@code true} when forgetting the key would change no decision
	 */
	abstract boolean isEmptyAt(long nowMillis);

	@Override
	public final Decision decide(long nowMillis, long permits, long maxWaitMillis, Object issuer, String key) {
		long stamp = this.lock.tryOptimisticRead();
		Denial denial = this.lastDenial;
		if (denial != null && denial.answers(stamp, nowMillis, permits, maxWaitMillis)) {
			return denial.decision();
		}
		if (stamp != 0 && !this.granting) {
			Decision decision = lookOptimistically(nowMillis, permits, maxWaitMillis);
			if (decision != null && !decision.isAllowed() && this.lock.validate(stamp)) {
				this.lastDenial = new Denial(stamp, nowMillis, permits, decision);
				return decision;
			}
		}
		long writeStamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return null;
			}
			Decision decision = look(nowMillis, permits, maxWaitMillis);
			this.granting = decision.isAllowed() && permits > 0;
			if (decision.isAllowed()) {
				grant(nowMillis, permits, maxWaitMillis, decision);
				if (permits > 0) {
					long[] marks = new long[receiptSize()];
					markGrant(marks, 0);
					return Decisions.withReceipt(decision, (issuer != null)
							? MarkedReceipt.issued(issuer, key, permits, marks) : MarkedReceipt.of(permits, marks));
				}
			}
			return decision;
		}
		finally {
			this.lock.unlockWrite(writeStamp);
		}
	}

	private Decision lookOptimistically(long nowMillis, long permits, long maxWaitMillis) {
		try {
			return look(nowMillis, permits, maxWaitMillis);
		}
		catch (RuntimeException tornRead) {
			// Fields read in the middle of a write (an array being replaced); the lock decides instead.
			return null;
		}
	}

	@Override
	public final boolean adjust(long nowMillis, AdminOperation operation, long permits) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return false;
			}
			switch (operation) {
				case RESET -> this.retired = true;
				case ADD_PERMITS -> addPermits(nowMillis, permits);
				case REFUND -> throw new IllegalArgumentException("the refund of a grant goes through its receipt");
				case PENALTY -> penalize(nowMillis, permits);
			}
			return true;
		}
		finally {
			this.lock.unlockWrite(stamp);
		}
	}

	@Override
	public final boolean refund(long nowMillis, MarkedReceipt receipt) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return false;
			}
			if (receipt.size() == receiptSize()) {
				refundGrant(nowMillis, receipt, 0);
			}
			return true;
		}
		finally {
			this.lock.unlockWrite(stamp);
		}
	}

	@Override
	public final boolean isIdle(long nowMillis) {
		long stamp = this.lock.readLock();
		try {
			return isEmptyAt(nowMillis);
		}
		finally {
			this.lock.unlockRead(stamp);
		}
	}

	@Override
	public final boolean retireIfIdle(long nowMillis) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired || !isEmptyAt(nowMillis)) {
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
	public final EvictionCost evictionCost(long nowMillis) {
		long stamp = this.lock.readLock();
		try {
			return costAt(nowMillis);
		}
		finally {
			this.lock.unlockRead(stamp);
		}
	}

	@Override
	public final EvictionCost retireIfCostsAtMost(long nowMillis, EvictionCost bound) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return null;
			}
			EvictionCost cost = costAt(nowMillis);
			if (cost.compareTo(bound) > 0) {
				return null;
			}
			this.retired = true;
			return cost;
		}
		finally {
			this.lock.unlockWrite(stamp);
		}
	}

	/**
	 * Returns what forgetting the stored fields would give the key back, from a look for no permits; called under
	 * the lock.
	 * @param nowMillis the current time
	 * @return the permits owed, then the time until full again
	 */
	EvictionCost costAt(long nowMillis) {
		Decision look = look(nowMillis, 0, 0);
		return new EvictionCost(look.limit() - look.remaining(), look.resetAfterMillis());
	}

	@Override
	public final KeyState moveTo(Limit limit) {
		long stamp = this.lock.writeLock();
		try {
			if (this.retired) {
				return null;
			}
			this.retired = true;
			return limit.hasSeveralRates() ? MultiRateState.takingOver(storedRates(), limit) : takeOver(limit);
		}
		finally {
			this.lock.unlockWrite(stamp);
		}
	}

	/**
	 * Returns the states of each rate that this state stores, in the order of the limit's rates.
	 * @return this state alone, for a limit of one rate
	 */
	OptimisticState[] storedRates() {
		return new OptimisticState[] { this };
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
