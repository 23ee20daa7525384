package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.MarkedReceipt;

/**
 * Sliding window log: exact; a permit granted at {@code t} counts while {@code now - period < t}. The newest grant
 * is the key's time: a now before it counts as it, so grants arrive in time order and the window never moves back.
 * Permits that left the window are dropped only when permits are granted, as the script does, so denials and looks
 * change nothing; at most {@code capacity} permits are kept, twice that after a penalty. The script keeps one
 * sorted-set member per permit;
 * this in-memory implementation keeps runs of equal times in a {@link PermitLog}.
 */
final class SlidingWindowLog extends LimitAlgorithm {

	static final SlidingWindowLog INSTANCE = new SlidingWindowLog();

	private SlidingWindowLog() {
		super("sliding-window-log.lua", ":swl", State::new);
	}

	private static final class State extends OptimisticState {

		private final PermitLog log;

		State(Limit limit) {
			this(limit, new PermitLog());
		}

		private State(Limit limit, PermitLog log) {
			super(limit);
			this.log = log;
		}

		@Override
		OptimisticState takeOver(Limit limit) {
			return new State(limit, this.log);
		}

		@Override
		Decision look(long nowMillis, long permits, long maxWaitMillis) {
			long at = timeOf(nowMillis);
			long outside = at - this.periodMillis;
			long count = this.log.countAfter(outside);
			if (count + permits > this.capacity) {
				long resetAfter = (count > 0) ? this.log.newest() + this.periodMillis - at : 0;
				// more than the capacity (only the local fallback's share is asked that) never fits: come back once
				// the window is clear, and not within a period
				long retryAfter = (permits > this.capacity) ? Math.max(resetAfter, this.periodMillis)
						: this.log.timeOf(outside, count + permits - this.capacity) + this.periodMillis - at;
				return Decision.denied(this.capacity, Math.max(0, this.capacity - count), retryAfter, resetAfter);
			}
			long resetAfter = (permits > 0) ? this.periodMillis
					: (count > 0) ? this.log.newest() + this.periodMillis - at : 0;
			return Decision.allowed(this.capacity, this.capacity - count - permits, resetAfter);
		}

		@Override
		void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision) {
			if (permits > 0) {
				long at = timeOf(nowMillis);
				this.log.dropUpTo(at - this.periodMillis);
				this.log.add(at, permits);
			}
			else if (decision.remaining() == this.capacity) {
				this.log.clear();
			}
		}

		/** Removes the newest permits in the window; a log left without any in the window is forgotten. */
		@Override
		void addPermits(long nowMillis, long permits) {
			long count = this.log.countAfter(timeOf(nowMillis) - this.periodMillis);
			if (permits >= count) {
				this.log.clear();
			}
			else {
				this.log.removeNewest(permits);
			}
		}

		/**
		 * Removes the grant's own permits while they are in the window, the highest indices of their time first; a
		 * log left without any in the window is forgotten.
		 */
		@Override
		void refundGrant(long nowMillis, MarkedReceipt receipt, int offset) {
			long permits = receipt.permits();
			long grantTime = receipt.mark(offset);
			long outside = timeOf(nowMillis) - this.periodMillis;
			boolean removed = grantTime > outside && this.log.removeAt(grantTime, permits) > 0;
			if (removed && this.log.countAfter(outside) == 0) {
				this.log.clear();
			}
		}

		@Override
		void markGrant(long[] marks, int offset) {
			marks[offset] = this.log.newest();
		}

		@Override
		void penalize(long nowMillis, long permits) {
			long at = timeOf(nowMillis);
			long count = this.log.countAfter(at - this.periodMillis);
			long added = Windows.penalized(count, permits, this.capacity) - count;
			if (added > 0) {
				this.log.dropUpTo(at - this.periodMillis);
				this.log.add(at, added);
			}
		}

		/** The key's time: now, or the newest grant when now is before it. */
		private long timeOf(long nowMillis) {
			return this.log.isEmpty() ? nowMillis : Math.max(nowMillis, this.log.newest());
		}

		@Override
		boolean isEmptyAt(long nowMillis) {
			return this.log.isEmpty() || nowMillis >= this.log.newest() + this.periodMillis;
		}

	}

}
