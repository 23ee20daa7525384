package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;

/**
 * Fixed window: at most {@code capacity} permits in each window of {@code period_ms}, windows aligned to multiples
 * of the period since the epoch. The state is the count of the window of the last grant and that grant's time; a
 * now before it counts as it, so the window never moves back. Denials and looks change nothing.
 */
final class FixedWindow extends LimitAlgorithm {

	static final FixedWindow INSTANCE = new FixedWindow();

	private FixedWindow() {
		super("fixed-window.lua", ":fw", State::new);
	}

	private static final class State extends LimitState {

		private long count;

		private long grantedAt = Windows.NEVER;

		State(Limit limit) {
			super(limit);
		}

		@Override
		KeyState takeOver(Limit limit) {
			State next = new State(limit);
			next.count = this.count;
			next.grantedAt = this.grantedAt;
			return next;
		}

		@Override
		public synchronized Decision decide(long nowMillis, long permits, long maxWaitMillis) {
			if (this.retired) {
				return null;
			}
			long at = Math.max(nowMillis, this.grantedAt);
			long windowEnd = Windows.start(at, this.periodMillis) + this.periodMillis;
			long count = (this.grantedAt >= windowEnd - this.periodMillis) ? this.count : 0;
			if (count + permits > this.capacity) {
				return Decision.denied(this.capacity, Math.max(0, this.capacity - count), windowEnd - at, windowEnd - at);
			}
			count += permits;
			if (count == 0) {
				this.grantedAt = Windows.NEVER;
			}
			else if (permits > 0) {
				this.count = count;
				this.grantedAt = at;
			}
			return Decision.allowed(this.capacity, this.capacity - count, (count > 0) ? windowEnd - at : 0);
		}

		@Override
		public synchronized boolean isIdle(long nowMillis) {
			return this.grantedAt == Windows.NEVER
					|| nowMillis >= Windows.start(this.grantedAt, this.periodMillis) + this.periodMillis;
		}

	}

}
