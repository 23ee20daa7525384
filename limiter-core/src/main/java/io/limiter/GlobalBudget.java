package io.limiter;

import java.time.Duration;
import java.util.Objects;

/**
 * Makes a limit's budget global across the regions of a {@link RegionalBackend}: the budget of every key lives in the
 * home Redis, which lends it in batches (loans with a lease) to each region's pool, from which the region's
 * instances decide with one script call on their own Redis. Immutable; build it with {@link #builder()}, or take
 * {@link #defaults()}, and set it with {@link LimiterOptions.Builder#global(GlobalBudget)}.
 * <p>
 * The price is a stated bound: over any interval, the permits granted for one key in all regions together are at most
 * what the limit allows in that interval plus the {@linkplain #loanCeiling(Limit) loan ceiling}, the most permits of a
 * key that the home has out on loan at once:
 * <pre>
 * granted(interval) &lt;= capacity + rate x length(interval) + loanCeiling
 * </pre>
 * A global limit is a token bucket of one rate. The {@link InMemoryBackend} and the {@link RedisBackend} ignore this
 * setting: one process, or one Redis, already holds the whole budget.
 */
public final class GlobalBudget {

	/** The default of {@link Builder#lease(Duration)}. */
	public static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);

	/** The shortest {@link Builder#lease(Duration)}. */
	public static final Duration MINIMUM_LEASE = Duration.ofMillis(100);

	/** The default of {@link Builder#maxLoanShare(double)}. */
	public static final double DEFAULT_MAX_LOAN_SHARE = 0.2;

	/** The default of {@link Builder#safetyFactor(double)}. */
	public static final double DEFAULT_SAFETY_FACTOR = 2.0;

	/** The default of {@link Builder#onMiss(MissPolicy)}. */
	public static final MissPolicy DEFAULT_ON_MISS = MissPolicy.BORROW;

	private static final GlobalBudget DEFAULTS = builder().build();

	private final Duration lease;

	private final double maxLoanShare;

	private final double safetyFactor;

	private final MissPolicy onMiss;

	private GlobalBudget(Builder builder) {
		this.lease = builder.lease;
		this.maxLoanShare = builder.maxLoanShare;
		this.safetyFactor = builder.safetyFactor;
		this.onMiss = builder.onMiss;
	}

	/**
	 * Returns the defaults: a lease of 10 s, a loan ceiling of a fifth of the capacity, a safety factor of 2 and
	 * {@link MissPolicy#BORROW}.
	 * @return the default setting
	 */
	public static GlobalBudget defaults() {
		return DEFAULTS;
	}

	/**
	 * Returns a builder that starts from the defaults.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns a builder that starts from this setting.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		return new Builder().lease(this.lease)
			.maxLoanShare(this.maxLoanShare)
			.safetyFactor(this.safetyFactor)
			.onMiss(this.onMiss);
	}

	/**
	 * Returns how long a loan lasts: a region cut off from the home grants from its pool at most this long after
	 * its last borrow, and the home lends the loan's headroom again once it has passed.
	 * @return the lease
	 */
	public Duration lease() {
		return this.lease;
	}

	/**
	 * Returns the loan ceiling as a share of the capacity.
	 * @return the share, greater than 0 and at most 1
	 */
	public double maxLoanShare() {
		return this.maxLoanShare;
	}

	/**
	 * Returns the low-water mark of a region's pool in borrow latencies of its demand: a region borrows when its pool
	 * lasts less than this many borrows.
	 * @return the factor, at least 1
	 */
	public double safetyFactor() {
		return this.safetyFactor;
	}

	/** {@return what a request its region's pool cannot cover is} */
	public MissPolicy onMiss() {
		return this.onMiss;
	}

	/**
	 * Returns the loan ceiling of a limit: the most permits of one key that the home has out on loan at once, all
	 * regions together, {@code max(1, floor(capacity x maxLoanShare))}. It is also the most a fault-free run can exceed
	 * the limit by.
	 * @param limit the limit
	 * @return the ceiling in permits
	 */
	public long loanCeiling(Limit limit) {
		return Math.max(1, (long) Math.floor(limit.maxPermits() * this.maxLoanShare));
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof GlobalBudget that && this.lease.equals(that.lease)
				&& Double.compare(this.maxLoanShare, that.maxLoanShare) == 0
				&& Double.compare(this.safetyFactor, that.safetyFactor) == 0 && this.onMiss == that.onMiss);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.lease, this.maxLoanShare, this.safetyFactor, this.onMiss);
	}

	@Override
	public String toString() {
		return "GlobalBudget{lease=" + this.lease + ", maxLoanShare=" + this.maxLoanShare + ", safetyFactor="
				+ this.safetyFactor + ", onMiss=" + this.onMiss + "}";
	}

	/**
	 * A checked builder of {@link GlobalBudget}. Every error names the field and the bad value.
	 */
	public static final class Builder {

		private Duration lease = DEFAULT_LEASE;

		private double maxLoanShare = DEFAULT_MAX_LOAN_SHARE;

		private double safetyFactor = DEFAULT_SAFETY_FACTOR;

		private MissPolicy onMiss = DEFAULT_ON_MISS;

		private Builder() {
		}

		/**
		 * Sets how long a loan lasts.
		 * @param lease a whole number of milliseconds, at least 100 ms; 10 s by default
		 * @return this builder
		 */
		public Builder lease(Duration lease) {
			Objects.requireNonNull(lease, "lease must not be null");
			if (lease.compareTo(MINIMUM_LEASE) < 0 || lease.toNanos() % 1_000_000 != 0) {
				throw new IllegalArgumentException(
						"lease must be a whole number of milliseconds, at least 100 ms, but was " + lease);
			}
			this.lease = lease;
			return this;
		}

		/**
		 * Sets the loan ceiling as a share of the capacity: all regions together hold at most this much of a key's
		 * budget, which is also the most a fault-free run can exceed the limit by.
		 * @param maxLoanShare greater than 0 and at most 1; 0.2 by default
		 * @return this builder
		 */
		public Builder maxLoanShare(double maxLoanShare) {
			if (!(maxLoanShare > 0 && maxLoanShare <= 1)) {
				throw new IllegalArgumentException(
						"maxLoanShare must be greater than 0 and at most 1 but was " + maxLoanShare);
			}
			this.maxLoanShare = maxLoanShare;
			return this;
		}

		/**
		 * Sets the low-water mark of a region's pool in borrow latencies of its demand.
		 * @param safetyFactor at least 1 and finite; 2 by default
		 * @return this builder
		 */
		public Builder safetyFactor(double safetyFactor) {
			if (!(safetyFactor >= 1 && safetyFactor < Double.POSITIVE_INFINITY)) {
				throw new IllegalArgumentException(
						"safetyFactor must be at least 1 and finite but was " + safetyFactor);
			}
			this.safetyFactor = safetyFactor;
			return this;
		}

		/**
		 * Sets what a request its region's pool cannot cover is.
		 * @param onMiss the policy; {@link MissPolicy#BORROW} by default
		 * @return this builder
		 */
		public Builder onMiss(MissPolicy onMiss) {
			this.onMiss = Objects.requireNonNull(onMiss, "onMiss must not be null");
			return this;
		}

		/**
		 * Builds the setting.
		 * @return the setting
		 */
		public GlobalBudget build() {
			return new GlobalBudget(this);
		}

	}

}
