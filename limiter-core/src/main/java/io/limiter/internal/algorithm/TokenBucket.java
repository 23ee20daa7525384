package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;

/**
 * Token bucket. The state is a number of ticks and the time it was last brought up to date; one permit is
 * {@code period_ms} ticks and the bucket gains {@code capacity} ticks per millisecond, so refill is exact
 * integer arithmetic whatever the rate. Reservations may take the bucket below zero, down to the debt that
 * {@code max_wait_ms} of refill can pay back. A full bucket is forgotten, with its time, as the script deletes
 * its key.
 */
final class TokenBucket extends LimitAlgorithm {

	static final TokenBucket INSTANCE = new TokenBucket();

	private TokenBucket() {
		super("token-bucket.lua", ":tb", State::new);
	}

	private static final class State extends LimitState {

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
		public synchronized Decision decide(long nowMillis, long permits, long maxWaitMillis) {
			refill(nowMillis);
			Decision decision = TickDebt.decide(this.capacity, this.periodMillis, this.fullTicks - this.ticks,
					permits, maxWaitMillis);
			if (decision.isAllowed()) {
				this.ticks -= permits * this.periodMillis;
			}
			if (this.ticks == this.fullTicks) {
				this.updatedAt = ABSENT;
			}
			return decision;
		}

		private void refill(long nowMillis) {
			if (this.updatedAt == ABSENT) {
				this.updatedAt = nowMillis;
			}
			else if (nowMillis > this.updatedAt) {
				long elapsed = nowMillis - this.updatedAt;
				long missing = this.fullTicks - this.ticks;
				this.ticks = (elapsed >= IntegerMath.ceilDiv(missing, this.capacity)) ? this.fullTicks
						: this.ticks + elapsed * this.capacity;
				this.updatedAt = nowMillis;
			}
		}

		@Override
		public synchronized boolean isIdle(long nowMillis) {
			return this.updatedAt == ABSENT
					|| nowMillis - this.updatedAt >= IntegerMath.ceilDiv(this.fullTicks - this.ticks, this.capacity);
		}

	}

}
