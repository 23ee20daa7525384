package io.limiter.internal.local;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.limiter.internal.memory.IdleAware;

/**
 * The local state of one key under two-tier borrowing: the ticks borrowed from Redis and not yet spent,
 * until when they may be spent (the lease), until when Redis said it has nothing (the retry deadline), and
 * the one borrow in flight.
 * <p>
 * Spending is lock-free. Everything else happens only in the caller that holds the borrow in flight, so the
 * batch bookkeeping needs no synchronisation of its own: a new borrow starts only after the previous one
 * published its results.
 * <p>
 * Its size is the lock-free spending and the lease and retry bookkeeping that must change together with it.
 */
final class LocalBucket implements IdleAware {

	/**
	 * The borrow "in flight" of a bucket dropped as idle: it never completes, and no borrow can start after it, so a
	 * caller that finds it looks the key's bucket up again.
	 */
	static final CompletableFuture<Void> RETIRED = new CompletableFuture<>();

	private final String[] redisKeys;

	private final AtomicLong ticks = new AtomicLong();

	private final AtomicReference<CompletableFuture<Void>> borrowing = new AtomicReference<>();

	private volatile long leaseEnd = Long.MIN_VALUE;

	private volatile long retryCost = Long.MAX_VALUE;

	private volatile long retryAt = Long.MIN_VALUE;

	private volatile long redisTicks;

	private volatile long redisTicksAt = Long.MIN_VALUE;

	private long batchTicks;

	private long lentTicks;

	private long lastBorrowAt = Long.MIN_VALUE;

	private long dryAt = Long.MIN_VALUE;

	private long prepaidTicks;

	LocalBucket(String[] redisKeys, long initialBatchTicks) {
		this.redisKeys = redisKeys;
		this.batchTicks = initialBatchTicks;
	}

	String[] redisKeys() {
		return this.redisKeys;
	}

	/**
	 * Spends ticks if the lease runs and enough are held.
	 * @param nowMillis the current time
	 * @param cost the ticks to spend
	 * @return the ticks left after spending, or {@code -1} when nothing was spent
	 */
	long take(long nowMillis, long cost) {
		if (nowMillis >= this.leaseEnd || this.ticks.get() < cost) {
			return -1;
		}
		long left = this.ticks.addAndGet(-cost);
		if (left >= 0) {
			return left;
		}
		this.ticks.addAndGet(cost);
		return -1;
	}

	/**
	 * Returns how long a request of this cost is still known to be refused by Redis.
	 * @param nowMillis the current time
	 * @param cost the ticks requested
	 * @return the time until the retry deadline, or 0 when Redis must be asked
	 */
	long deniedFor(long nowMillis, long cost) {
		long until = this.retryAt;
		return (nowMillis < until && cost >= this.retryCost) ? until - nowMillis : 0;
	}

	/** {@return the ticks held now, which a concurrent failed spend may briefly make negative} */
	long held() {
		return this.ticks.get();
	}

	long leaseEnd() {
		return this.leaseEnd;
	}

	/**
	 * Estimates the ticks in Redis from its last answer and the refill since, in token-bucket terms.
	 * @param nowMillis the current time
	 * @param capacity the ticks added per millisecond
	 * @param fullTicks the ticks of a full bucket
	 * @return the estimate, negative when Redis holds a reservation debt
	 */
	long redisTicks(long nowMillis, long capacity, long fullTicks) {
		long at = this.redisTicksAt;
		long known = this.redisTicks;
		if (at == Long.MIN_VALUE) {
			return fullTicks;
		}
		long elapsed = nowMillis - at;
		if (elapsed <= 0) {
			return known;
		}
		return (elapsed >= -Math.floorDiv(known - fullTicks, capacity)) ? fullTicks : known + elapsed * capacity;
	}

	CompletableFuture<Void> borrowInFlight() {
		return this.borrowing.get();
	}

	boolean startBorrow(CompletableFuture<Void> borrow) {
		return this.borrowing.compareAndSet(null, borrow);
	}

	/**
	 * Ends the borrow in flight, after its results are published, and wakes the callers waiting on it.
	 * @param borrow the borrow that {@link #startBorrow(CompletableFuture)} accepted
	 * @param failure what the borrow failed with, or {@code null}
	 */
	void endBorrow(CompletableFuture<Void> borrow, Throwable failure) {
		this.borrowing.compareAndSet(borrow, null);
		if (failure != null) {
			borrow.completeExceptionally(failure);
		}
		else {
			borrow.complete(null);
		}
	}

	/**
	 * Takes every tick held, leaving none.
	 * @return the ticks taken, never negative
	 */
	long drain() {
		while (true) {
			long held = this.ticks.get();
			if (held <= 0) {
				return 0;
			}
			if (this.ticks.compareAndSet(held, 0)) {
				return held;
			}
		}
	}

	/**
	 * Takes every tick held and ends the refusal Redis made, for an admin operation: the key asks Redis again.
	 * @return the ticks that were held
	 */
	long forget() {
		this.retryAt = Long.MIN_VALUE;
		return drain();
	}

	void putBack(long ticks) {
		if (ticks != 0) {
			this.ticks.addAndGet(ticks);
		}
	}

	/**
	 * Returns the batch of the next borrow, from what was spent of the last one; only the borrower calls it.
	 * @param policy the batch policy
	 * @param nowMillis the current time
	 * @param unspentTicks what is left of the ticks of the last borrow
	 * @return the next batch in ticks
	 */
	long nextBatch(AdaptiveBatch policy, long nowMillis, long unspentTicks) {
		if (this.lastBorrowAt == Long.MIN_VALUE) {
			return this.batchTicks;
		}
		return policy.next(this.batchTicks, Math.max(0, this.lentTicks - unspentTicks), nowMillis - this.lastBorrowAt);
	}

	/**
	 * Records a successful borrow; only the borrower calls it, before {@link #endBorrow}.
	 * @param nowMillis the time the borrow was sent
	 * @param lentTicks the ticks the borrower had: those it held and those it borrowed
	 * @param spentTicks what the borrower's own request took of them
	 * @param batchTicks the batch the borrow asked for
	 * @param leaseEndMillis until when the rest may be spent
	 */
	void lend(long nowMillis, long lentTicks, long spentTicks, long batchTicks, long leaseEndMillis) {
		this.lentTicks = lentTicks;
		this.lastBorrowAt = nowMillis;
		this.batchTicks = batchTicks;
		this.retryAt = Long.MIN_VALUE;
		this.leaseEnd = leaseEndMillis;
		this.ticks.addAndGet(lentTicks - spentTicks);
	}

	/**
	 * Returns the whole permits to charge for ticks just borrowed, rounded up; what the rounding paid ahead is taken
	 * off the next borrow's charge. Only the borrower calls it.
	 * @param borrowedTicks the ticks Redis lent
	 * @param periodMillis the ticks of one permit
	 * @return the permits to charge, possibly 0
	 */
	long permitsToCharge(long borrowedTicks, long periodMillis) {
		long owed = borrowedTicks - this.prepaidTicks;
		long permits = (owed > 0) ? -Math.floorDiv(-owed, periodMillis) : 0;
		this.prepaidTicks = permits * periodMillis - owed;
		return permits;
	}

	/**
	 * Returns whether Redis lately had less than this key asked for: its demand outruns the refill, and a borrow
	 * should wait until a whole batch is there rather than fetch each token as it arrives. Only the borrower calls it.
	 * @param nowMillis the current time
	 * @param horizonMillis how long a short answer counts
	 * @return {@code true} within {@code horizonMillis} of a borrow that got less than it asked for
	 */
	boolean isDry(long nowMillis, long horizonMillis) {
		return this.dryAt != Long.MIN_VALUE && nowMillis - this.dryAt < horizonMillis;
	}

	/**
	 * Records what a borrow asked for and got; only the borrower calls it, before {@link #endBorrow}.
	 * @param nowMillis the time the borrow was sent
	 * @param askedTicks the ticks it asked for
	 * @param gotTicks the ticks Redis lent
	 */
	void supplied(long nowMillis, long askedTicks, long gotTicks) {
		this.dryAt = (gotTicks < askedTicks) ? nowMillis : Long.MIN_VALUE;
	}

	/**
	 * Records that Redis refused a request of this cost until a deadline.
	 * @param cost the ticks requested
	 * @param untilMillis the retry deadline
	 */
	void denyUntil(long cost, long untilMillis) {
		this.retryCost = cost;
		this.retryAt = untilMillis;
	}

	void redisAnswered(long ticksLeft, long atMillis) {
		this.redisTicks = ticksLeft;
		this.redisTicksAt = atMillis;
	}

	/**
	 * Returns the current batch, for tests and diagnostics.
	 * @return the batch in ticks
	 */
	long batch() {
		return this.batchTicks;
	}

	@Override
	public boolean isIdle(long nowMillis) {
		return this.borrowing.get() == null && holdsNothing(nowMillis);
	}

	/**
	 * Retires the bucket if it is idle: it then holds no borrow and none can start, and only a borrower adds ticks
	 * or deadlines, so it stays idle.
	 */
	@Override
	public boolean retireIfIdle(long nowMillis) {
		if (!isIdle(nowMillis) || !this.borrowing.compareAndSet(null, RETIRED)) {
			return false;
		}
		if (holdsNothing(nowMillis)) {
			return true;
		}
		this.borrowing.compareAndSet(RETIRED, null);
		return false;
	}

	private boolean holdsNothing(long nowMillis) {
		return nowMillis >= this.retryAt && (this.ticks.get() <= 0 || nowMillis >= this.leaseEnd);
	}

}
