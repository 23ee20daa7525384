package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.MarkedReceipt;

/**
 * Fixed window: at most {@code capacity} permits in each window of {@code period_ms}, windows aligned to multiples
 * of the period since the epoch, or, for a calendar rate, the windows of its calendar ({@link WindowSchedule}). The
 * state is the count of the window of the last grant and that grant's time; a
 * now before it counts as it, so the window never moves back. Denials and looks change nothing.
 */
final class FixedWindow extends LimitAlgorithm {

	static final FixedWindow INSTANCE = new FixedWindow();

	private FixedWindow() {
		super("fixed-window.lua", ":fw", State::new);
	}

	private static final class State extends OptimisticState {

		private long count;

		private long grantedAt = Windows.NEVER;

		private final WindowSchedule windows;

		State(Limit limit) {
			super(limit);
			this.windows = WindowSchedule.of(limit.rates().get(0));
		}

		@Override
		OptimisticState takeOver(Limit limit) {
			State next = new State(limit);
			next.count = this.count;
			next.grantedAt = this.grantedAt;
			return next;
		}

		@Override
		Decision look(long nowMillis, long permits, long maxWaitMillis) {
			long at = Math.max(nowMillis, this.grantedAt);
			long windowEnd = this.windows.end(at);
			long count = countAt(at);
			if (count + permits > this.capacity) {
				return Decision.denied(this.capacity, Math.max(0, this.capacity - count), windowEnd - at,
						windowEnd - at);
			}
			count += permits;
			return Decision.allowed(this.capacity, this.capacity - count, (count > 0) ? windowEnd - at : 0);
		}

		@Override
		void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision) {
			long count = this.capacity - decision.remaining();
			if (count == 0) {
				this.grantedAt = Windows.NEVER;
			}
			else if (permits > 0) {
				this.count = count;
				this.grantedAt = Math.max(nowMillis, this.grantedAt);
			}
		}

		@Override
		void addPermits(long nowMillis, long permits) {
			long at = Math.max(nowMillis, this.grantedAt);
			store(at, Math.max(0, countAt(at) - permits));
		}

		/** Only a grant of the current window gives its permits back: an earlier window's took none from this one. */
		@Override
		void refundGrant(long nowMillis, MarkedReceipt receipt, int offset) {
			long permits = receipt.permits();
			long grantTime = receipt.mark(offset);
			long at = Math.max(nowMillis, this.grantedAt);
			long count = countAt(at);
			if (count > 0 && this.windows.start(grantTime) == this.windows.start(at)) {
				store(at, Math.max(0, count - permits));
			}
		}

		@Override
		void markGrant(long[] marks, int offset) {
			marks[offset] = this.grantedAt;
		}

		@Override
		void penalize(long nowMillis, long permits) {
			long at = Math.max(nowMillis, this.grantedAt);
			store(at, Windows.penalized(countAt(at), permits, this.capacity));
		}

		/** Stores the count of the window of {@code at}; a count of 0 forgets the state, as the script deletes it. */
		private void store(long at, long count) {
			if (count == 0) {
				this.grantedAt = Windows.NEVER;
			}
			else {
				this.count = count;
				this.grantedAt = at;
			}
		}

		private long countAt(long at) {
			return (this.grantedAt >= this.windows.start(at)) ? this.count : 0;
		}

		@Override
		boolean isEmptyAt(long nowMillis) {
			return this.grantedAt == Windows.NEVER
					|| nowMillis >= this.windows.end(this.grantedAt);
		}

	}

}
