package io.limiter.internal.algorithm;

import io.limiter.Limit;

/**
 * The generic cell rate algorithm: the state is one theoretical arrival time (TAT), and the debt of a key is how
 * far the TAT lies ahead of now, counted in the ticks of {@link TokenBucket} (one permit is {@code period_ms}
 * ticks, {@code capacity} ticks pass per millisecond). A key owing {@code d} ticks decides exactly as a token
 * bucket holding {@code capacity * period_ms - d}, reservations included.
 * <p>
 * The TAT is kept as whole milliseconds plus the rest in ticks ({@code 0 <= rest < capacity}), so an epoch time is
 * never multiplied by the capacity and the script stays below 2^53. No time of the last request is stored: a now
 * earlier than an earlier request's only makes the debt larger, so a clock going backwards never refills.
 */
final class Gcra extends LimitAlgorithm {

	static final Gcra INSTANCE = new Gcra();

	private Gcra() {
		super("gcra.lua", ":gcra", State::new);
	}

	private static final class State extends DebtState {

		private static final long ABSENT = Long.MIN_VALUE;

		private long tatMillis = ABSENT;

		private long tatTicks;

		State(Limit limit) {
			super(limit);
		}

		@Override
		long debtAt(long nowMillis) {
			long tat = this.tatMillis;
			return (tat >= nowMillis) ? (tat - nowMillis) * this.capacity + this.tatTicks : 0;
		}

		@Override
		void grant(long nowMillis, long debt, long permits) {
			if (debt == 0) {
				this.tatMillis = ABSENT;
			}
			else if (permits > 0) {
				this.tatMillis = nowMillis + debt / this.capacity;
				this.tatTicks = debt % this.capacity;
			}
		}

	}

}
