package io.limiter;

import java.time.Duration;
import java.util.Objects;

/**
 * An immutable limit definition: {@code capacity} permits per {@code period} under one {@link Algorithm}.
 * <p>
 * For the bucket algorithms the capacity is also the burst, and the bucket refills continuously at
 * {@code capacity / period}. For the window algorithms the period is the window length.
 * <pre>{@code
 * Limit hello = Limit.builder().algorithm(Algorithm.GCRA).capacity(10).period(Duration.ofSeconds(1)).build();
 * }</pre>
 */
public final class Limit {

	/**
	 * The largest {@code capacity x period-in-milliseconds}: state is kept in integer ticks of
	 * {@code 1 / period-ms} of a permit, and Lua numbers are exact integers only up to 2^53.
	 */
	public static final long MAX_CAPACITY_PERIOD_PRODUCT = 1L << 53;

	/** The largest capacity of a sliding window log, which stores one entry per permit. */
	public static final long MAX_LOG_CAPACITY = 100_000;

	private final Algorithm algorithm;

	private final long capacity;

	private final Duration period;

	private final long periodMillis;

	private Limit(Algorithm algorithm, long capacity, Duration period) {
		this.algorithm = algorithm;
		this.capacity = capacity;
		this.period = period;
		this.periodMillis = period.toMillis();
	}

	/**
	 * Creates a limit, checking every argument.
	 * @param algorithm the algorithm
	 * @param capacity the permits per period, at least 1
	 * @param period the period, a whole number of milliseconds, at least 1 ms
	 * @return the limit
	 * @throws IllegalArgumentException naming the field and the value when an argument is out of range
	 */
	public static Limit of(Algorithm algorithm, long capacity, Duration period) {
		return builder().algorithm(algorithm).capacity(capacity).period(period).build();
	}

	/**
	 * Returns a builder whose algorithm defaults to {@link Algorithm#TOKEN_BUCKET}.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns the algorithm.
	 * @return the algorithm
	 */
	public Algorithm algorithm() {
		return this.algorithm;
	}

	/**
	 * Returns the permits per period, which is also the burst.
	 * @return the capacity
	 */
	public long capacity() {
		return this.capacity;
	}

	/**
	 * Returns the period.
	 * @return the period
	 */
	public Duration period() {
		return this.period;
	}

	/**
	 * Returns the period in milliseconds.
	 * @return the period in milliseconds
	 */
	public long periodMillis() {
		return this.periodMillis;
	}

	/**
	 * Returns a builder that starts from this limit's settings.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		return new Builder().algorithm(this.algorithm).capacity(this.capacity).period(this.period);
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Limit that && this.algorithm == that.algorithm
				&& this.capacity == that.capacity && this.periodMillis == that.periodMillis);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.algorithm, this.capacity, this.periodMillis);
	}

	@Override
	public String toString() {
		return this.algorithm.configName() + "(" + this.capacity + " per " + this.period + ")";
	}

	/**
	 * A checked builder of {@link Limit}. Every error names the field and the bad value.
	 */
	public static final class Builder {

		private Algorithm algorithm = Algorithm.TOKEN_BUCKET;

		private long capacity;

		private Duration period;

		private Builder() {
		}

		/**
		 * Sets the algorithm.
		 * @param algorithm the algorithm
		 * @return this builder
		 */
		public Builder algorithm(Algorithm algorithm) {
			this.algorithm = Objects.requireNonNull(algorithm, "algorithm must not be null");
			return this;
		}

		/**
		 * Sets the permits per period, which is also the burst.
		 * @param capacity at least 1
		 * @return this builder
		 */
		public Builder capacity(long capacity) {
			if (capacity < 1) {
				throw new IllegalArgumentException("capacity must be at least 1 but was " + capacity);
			}
			this.capacity = capacity;
			return this;
		}

		/**
		 * Sets the period over which {@code capacity} permits are granted.
		 * @param period a whole number of milliseconds, at least 1 ms
		 * @return this builder
		 */
		public Builder period(Duration period) {
			Objects.requireNonNull(period, "period must not be null");
			if (period.isNegative() || period.isZero() || period.toNanos() % 1_000_000 != 0) {
				throw new IllegalArgumentException(
						"period must be a positive whole number of milliseconds but was " + period);
			}
			this.period = period;
			return this;
		}

		/**
		 * Builds the limit.
		 * @return the limit
		 * @throws IllegalArgumentException when capacity or period is missing, or their product is too large
		 */
		public Limit build() {
			if (this.capacity == 0) {
				throw new IllegalArgumentException("capacity must be set");
			}
			if (this.period == null) {
				throw new IllegalArgumentException("period must be set");
			}
			long periodMillis = this.period.toMillis();
			if (this.capacity > MAX_CAPACITY_PERIOD_PRODUCT / periodMillis) {
				throw new IllegalArgumentException("capacity x period must be at most 2^53 permit-milliseconds but "
						+ "capacity was " + this.capacity + " and period was " + this.period);
			}
			if (this.algorithm == Algorithm.SLIDING_WINDOW_LOG && this.capacity > MAX_LOG_CAPACITY) {
				throw new IllegalArgumentException("capacity of a sliding-window-log must be at most "
						+ MAX_LOG_CAPACITY + " but was " + this.capacity);
			}
			return new Limit(this.algorithm, this.capacity, this.period);
		}

	}

}
