package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.MarkedReceipt;

/**
 * Sliding window counter: the count of the current aligned window plus the previous window's count weighted by
 * the part of it the sliding window still covers, in integer permit-milliseconds. A request is allowed iff
 * {@code previous * (period - elapsed) + (current + permits) * period <= capacity * period}. The state is both
 * counts and the time of the last grant; a now before it counts as it. Denials and looks change nothing.
 */
final class SlidingWindowCounter extends LimitAlgorithm {

	static final SlidingWindowCounter INSTANCE = new SlidingWindowCounter();

	private SlidingWindowCounter() {
		super("sliding-window-counter.lua", ":swc", State::new);
	}

	private static final class State extends OptimisticState {

		private long current;

		private long previous;

		private long grantedAt = Windows.NEVER;

		State(Limit limit) {
			super(limit);
		}

		@Override
		OptimisticState takeOver(Limit limit) {
			State next = new State(limit);
			next.current = this.current;
			next.previous = this.previous;
			next.grantedAt = this.grantedAt;
			return next;
		}

		@Override
		Decision look(long nowMillis, long permits, long maxWaitMillis) {
			long period = this.periodMillis;
			long at = Math.max(nowMillis, this.grantedAt);
			long elapsed = at - Windows.start(at, period);
			long current = currentAt(at);
			long previous = previousAt(at);
			long weighted = previous * (period - elapsed);
			long room = this.capacity - current - permits;
			if (room < 0 || weighted > room * period) {
				long retryAfter = retryAfter(current, previous, elapsed, room, permits);
				return Decision.denied(this.capacity, remaining(current, weighted), retryAfter,
						resetAfter(current, previous, elapsed));
			}
			current += permits;
			return Decision.allowed(this.capacity, remaining(current, weighted),
					resetAfter(current, previous, elapsed));
		}

		@Override
		void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision) {
			long at = Math.max(nowMillis, this.grantedAt);
			if (decision.resetAfterMillis() == 0) {
				this.grantedAt = Windows.NEVER;
			}
			else if (permits > 0) {
				long current = currentAt(at) + permits;
				this.previous = previousAt(at);
				this.current = current;
				this.grantedAt = at;
			}
		}

		/** Takes the permits from the current window's count first, then from the previous window's. */
		@Override
		void addPermits(long nowMillis, long permits) {
			long at = Math.max(nowMillis, this.grantedAt);
			long current = currentAt(at);
			long previous = previousAt(at);
			long fromCurrent = Math.min(current, permits);
			store(at, current - fromCurrent, Math.max(0, previous - (permits - fromCurrent)));
		}

		/**
		 * A grant of the current window gives its permits back from the current count, one of the previous window
		 * from the previous count, whose weight has decayed as the window slid; an older grant counts no more.
		 */
		@Override
		void refundGrant(long nowMillis, MarkedReceipt receipt, int offset) {
			long permits = receipt.permits();
			long grantTime = receipt.mark(offset);
			long at = Math.max(nowMillis, this.grantedAt);
			long window = Windows.start(at, this.periodMillis);
			long grantWindow = Windows.start(grantTime, this.periodMillis);
			long current = currentAt(at);
			long previous = previousAt(at);
			if (grantWindow == window && current > 0) {
				store(at, Math.max(0, current - permits), previous);
			}
			else if (grantWindow == window - this.periodMillis && previous > 0) {
				store(at, current, Math.max(0, previous - permits));
			}
		}

		@Override
		void markGrant(long[] marks, int offset) {
			marks[offset] = this.grantedAt;
		}

		@Override
		void penalize(long nowMillis, long permits) {
			long at = Math.max(nowMillis, this.grantedAt);
			store(at, Windows.penalized(currentAt(at), permits, this.capacity), previousAt(at));
		}

		/** Stores the counts of the window of {@code at} and the one before; none forgets the state, as the script. */
		private void store(long at, long current, long previous) {
			if (current == 0 && previous == 0) {
				this.grantedAt = Windows.NEVER;
			}
			else {
				this.current = current;
				this.previous = previous;
				this.grantedAt = at;
			}
		}

		/** The count of the window that holds {@code at}: the stored one if the last grant fell in it. */
		private long currentAt(long at) {
			return (this.grantedAt >= Windows.start(at, this.periodMillis)) ? this.current : 0;
		}

		/** The count of the window before the one that holds {@code at}. */
		private long previousAt(long at) {
			long windowStart = Windows.start(at, this.periodMillis);
			if (this.grantedAt >= windowStart) {
				return this.previous;
			}
			return (this.grantedAt >= windowStart - this.periodMillis) ? this.current : 0;
		}

		private long remaining(long current, long weighted) {
			// never below 0, though counts stored under a larger capacity may exceed it
			return Math.max(0, this.capacity - current - IntegerMath.ceilDiv(weighted, this.periodMillis));
		}

		/**
		 * Within this window once the previous count has decayed enough, else in a later window where the
		 * current count has become the previous one.
		 */
		private long retryAfter(long current, long previous, long elapsed, long room, long permits) {
			long period = this.periodMillis;
			long decayed = (room >= 0) ? Math.floorDiv(room * period, previous) : 0;
			if (decayed > 0) {
				return period - decayed - elapsed;
			}
			long intoNext = (current > 0)
					? Math.max(0, period - Math.floorDiv((this.capacity - permits) * period, current)) : 0;
			return period - elapsed + intoNext;
		}

		private long resetAfter(long current, long previous, long elapsed) {
			if (current > 0) {
				return 2 * this.periodMillis - elapsed;
			}
			return (previous > 0) ? this.periodMillis - elapsed : 0;
		}

		@Override
		boolean isEmptyAt(long nowMillis) {
			return this.grantedAt == Windows.NEVER
					|| nowMillis >= Windows.start(this.grantedAt, this.periodMillis) + 2 * this.periodMillis;
		}

	}

}
