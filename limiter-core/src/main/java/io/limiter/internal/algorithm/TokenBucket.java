package io.limiter.internal.algorithm;

import io.limiter.Limit;

/**
 * Token bucket. The state is a number of ticks and the time it was last brought up to date; one permit is
 * {@code period_ms} ticks and the bucket gains {@code capacity} ticks per millisecond, so refill is exact
 * integer arithmetic whatever the rate. Reservations may take the bucket below zero, down to the debt that
 * {@code max_wait_ms} of refill can pay back. A full bucket is forgotten, with its time, as the script deletes
 * its key; a denial or a look (no permits) changes nothing, as the script writes nothing, so the key's time is
 * that of its last grant and a now before it counts as it.
 */
final class TokenBucket extends LimitAlgorithm {

	static final TokenBucket INSTANCE = new TokenBucket();

	private TokenBucket() {
		super("token-bucket.lua", ":tb", State::new);
	}

	private static final class State extends DebtState {

		private static final long ABSENT = Long.MIN_VALUE;

		private final long fullTicks;

		private long ticks;

		private long updatedAt = ABSENT;

		State(Limit limit) {
			super(limit);
			this.fullTicks = this.capacity * this.periodMillis;
			this.ticks = this.fullTicks;
		}

		@Override
		OptimisticState takeOver(Limit limit) {
			State next = new State(limit);
			if (this.updatedAt != ABSENT) {
				next.ticks = this.ticks;
				next.updatedAt = this.updatedAt;
			}
			return next;
		}

		@Override
		long debtAt(long nowMillis) {
			long updated = this.updatedAt;
			if (updated == ABSENT) {
				return 0;
			}
			// more ticks than a full bucket when they were stored under a larger capacity
			long missing = Math.max(0, this.fullTicks - this.ticks);
			return (nowMillis <= updated) ? missing : Math.max(0, missing - refillTicks(nowMillis - updated));
		}

		/**
		 * Returns the ticks that {@code elapsed} ms add, capped where the product would overflow: no debt is that
		 * large.
		 */
		private long refillTicks(long elapsed) {
			return (elapsed < Long.MAX_VALUE / this.capacity) ? elapsed * this.capacity : Long.MAX_VALUE;
		}

		@Override
		long grantedAt() {
			return this.updatedAt;
		}

		@Override
		void store(long nowMillis, long debt) {
			if (debt == 0) {
				this.updatedAt = ABSENT;
				this.ticks = this.fullTicks;
			}
			else {
				this.ticks = this.fullTicks - debt;
				this.updatedAt = (this.updatedAt == ABSENT) ? nowMillis : Math.max(this.updatedAt, nowMillis);
			}
		}

	}

}
