package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;

/**
 * Sliding window log: exact; a permit granted at {@code t} counts while {@code now - period < t}. The newest grant
 * is the key's time: a now before it counts as it, so grants arrive in time order and the window never moves back.
 * Permits that left the window are dropped only when permits are granted, as the script does, so denials and looks
 * change nothing; at most {@code capacity} permits are kept. The script keeps one sorted-set member per permit;
 * this twin keeps runs of equal times in a {@link PermitLog}.
 */
final class SlidingWindowLog extends LimitAlgorithm {

	static final SlidingWindowLog INSTANCE = new SlidingWindowLog();

	private SlidingWindowLog() {
		super("sliding-window-log.lua", ":swl", State::new);
	}

	private static final class State extends LimitState {

		private final PermitLog log;

		State(Limit limit) {
			this(limit, new PermitLog());
		}

		private State(Limit limit, PermitLog log) {
			super(limit);
			this.log = log;
		}

		@Override
		KeyState takeOver(Limit limit) {
			return new State(limit, this.log);
		}

		@Override
		public synchronized Decision decide(long nowMillis, long permits, long maxWaitMillis) {
			if (this.retired) {
				return null;
			}
			long at = this.log.isEmpty() ? nowMillis : Math.max(nowMillis, this.log.newest());
			long outside = at - this.periodMillis;
			long count = this.log.countAfter(outside);
			if (count + permits > this.capacity) {
				long retryAfter = this.log.timeOf(outside, count + permits - this.capacity) + this.periodMillis - at;
				return Decision.denied(this.capacity, Math.max(0, this.capacity - count), retryAfter, resetAfter(at));
			}
			if (permits > 0) {
				this.log.dropUpTo(outside);
				this.log.add(at, permits);
				count += permits;
			}
			else if (count == 0) {
				this.log.clear();
			}
			return Decision.allowed(this.capacity, this.capacity - count, (count > 0) ? resetAfter(at) : 0);
		}

		private long resetAfter(long at) {
			return this.log.newest() + this.periodMillis - at;
		}

		@Override
		public synchronized boolean isIdle(long nowMillis) {
			return this.log.isEmpty() || nowMillis >= this.log.newest() + this.periodMillis;
		}

	}

}
