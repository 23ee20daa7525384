package io.limiter.internal.algorithm;

import io.limiter.Limit;

/**
 * The generic cell rate algorithm: the state is one theoretical arrival time (TAT), and the debt of a key is how
 * far the TAT lies ahead of now, counted in the ticks of {@link TokenBucket} (one permit is {@code period_ms}
 * ticks, {@code capacity} ticks pass per millisecond). A key owing {@code d} ticks decides exactly as a token
 * bucket holding {@code capacity * period_ms - d}, reservations included.
 * <p>
 * The TAT is kept as whole milliseconds plus the rest in ticks ({@code 0 <= rest < capacity}), so an epoch time is
 * never multiplied by the capacity and the script stays below 2^53. The time of the last grant is kept too: a now
 * before it counts as it, so a clock going backwards counts as no time passing, as in every algorithm.
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

		private long grantedAt = ABSENT;

		State(Limit limit) {
			super(limit);
		}

		@Override
		OptimisticState takeOver(Limit limit) {
			State next = new State(limit);
			next.tatMillis = this.tatMillis;
			next.tatTicks = this.tatTicks;
			next.grantedAt = this.grantedAt;
			return next;
		}

		@Override
		long debtAt(long nowMillis) {
			long tat = this.tatMillis;
			long at = Math.max(nowMillis, this.grantedAt);
			return (tat >= at) ? (tat - at) * this.capacity + this.tatTicks : 0;
		}

		@Override
		long grantedAt() {
			return this.grantedAt;
		}

		@Override
		void store(long nowMillis, long debt) {
			if (debt == 0) {
				this.tatMillis = ABSENT;
				this.grantedAt = ABSENT;
			}
			else {
				long at = Math.max(nowMillis, this.grantedAt);
				this.tatMillis = at + debt / this.capacity;
				this.tatTicks = debt % this.capacity;
				this.grantedAt = at;
			}
		}

	}

}
