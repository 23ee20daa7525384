package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.redis.RedisScript;

/**
 * Fixed window: at most {@code capacity} permits in each window of {@code period_ms}, windows aligned to multiples
 * of the period since the epoch. The state is the count of the window of the last grant and that grant's time; a
 * now before it counts as it, so the window never moves back. Denials and looks change nothing.
 */
final class FixedWindow extends LimitAlgorithm {

	static final FixedWindow INSTANCE = new FixedWindow();

	private static final RedisScript SCRIPT = RedisScript.load(FixedWindow.class, "fixed-window.lua");

	private FixedWindow() {
	}

	@Override
	public KeyState newState(Limit limit) {
		return new State(limit.capacity(), limit.periodMillis());
	}

	@Override
	public RedisScript script() {
		return SCRIPT;
	}

	@Override
	public String[] redisKeys(String stateKey) {
		return new String[] { stateKey + ":fw" };
	}

	private static final class State implements KeyState {

		private final long capacity;

		private final long periodMillis;

		private long count;

		private long grantedAt = Windows.NEVER;

		State(long capacity, long periodMillis) {
			this.capacity = capacity;
			this.periodMillis = periodMillis;
		}

		@Override
		public synchronized Decision decide(long nowMillis, long permits, long maxWaitMillis) {
			long at = Math.max(nowMillis, this.grantedAt);
			long windowEnd = Windows.start(at, this.periodMillis) + this.periodMillis;
			long count = (this.grantedAt >= windowEnd - this.periodMillis) ? this.count : 0;
			if (count + permits > this.capacity) {
				return Decision.denied(this.capacity, this.capacity - count, windowEnd - at, windowEnd - at);
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
