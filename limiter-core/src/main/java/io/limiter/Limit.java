package io.limiter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An immutable limit definition: one or several {@link Rate}s under one {@link Algorithm}. A request is allowed only
 * if every rate allows it, and a denied request takes permits from none. A limit's numbers are its {@link #rates()};
 * {@link #capacity()} and {@link #period()} read those of a limit of one rate and refuse to answer for several, and
 * {@link #maxPermits()} is the most one request can take. A {@link Decision} tells which rate it reports.
 * <p>
 * For the bucket algorithms a rate's capacity is also its burst, and its bucket refills continuously at
 * {@code capacity / period}. For the window algorithms the period is the window length.
 * <pre>{@code
 * Limit hello = Limit.builder().algorithm(Algorithm.GCRA).capacity(10).period(Duration.ofSeconds(1)).build();
 * Limit api = Limit.builder().rate(10, Duration.ofSeconds(1)).rate(1000, Duration.ofHours(1)).build();
 * }</pre>
 * <p>
 * Its size is that of a value with its checked builder, nested as its own (as Caffeine's {@code Caffeine} is).
 */
public final class Limit {

	/**
	 * The largest {@code capacity x period-in-milliseconds} of a rate: state is kept in integer ticks of
	 * {@code 1 / period-ms} of a permit, and Lua numbers are exact integers only up to 2^53.
	 */
	public static final long MAX_CAPACITY_PERIOD_PRODUCT = 1L << 53;

	/**
	 * The largest capacity of a {@linkplain Rate#ofCalendar calendar rate}: its window counts permits, to at most twice
	 * the capacity after a penalty, and Lua numbers are exact integers only up to 2^53.
	 */
	public static final long MAX_CALENDAR_CAPACITY = 1L << 52;

	/** The largest capacity of a sliding window log, which stores one entry per permit. */
	public static final long MAX_LOG_CAPACITY = 100_000;

	/** The most rates one limit holds: each is a key that its one script call reads. */
	public static final int MAX_RATES = 8;

	private final Algorithm algorithm;

	private final List<Rate> rates;

	private final long maxPermits;

	private Limit(Algorithm algorithm, List<Rate> rates) {
		this.algorithm = algorithm;
		this.rates = List.copyOf(rates);
		this.maxPermits = rates.stream().mapToLong(Rate::capacity).min().orElseThrow();
	}

	/**
	 * Creates a limit of one rate, checking every argument.
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

	/** {@return the algorithm, which every rate of the limit decides with} */
	public Algorithm algorithm() {
		return this.algorithm;
	}

	/**
	 * Returns the rates, in the order they were given; a request is allowed only if every one allows it.
	 * @return one rate or more
	 */
	public List<Rate> rates() {
		return this.rates;
	}

	/**
	 * Returns whether the limit holds more than one rate.
	 * @return {@code true} for several rates
	 */
	public boolean hasSeveralRates() {
		return this.rates.size() > 1;
	}

	/**
	 * Returns the capacity of a limit of one rate, which is also its burst.
	 * @return the permits per period
	 * @throws IllegalStateException naming the limit when it has several rates, which have a capacity each: read
	 * them from {@link #rates()}, and the most one request can take from {@link #maxPermits()}
	 */
	public long capacity() {
		return onlyRate("capacity()").capacity();
	}

	/**
	 * Returns the period of a limit of one rate.
	 * @return the period, the window length of the window algorithms
	 * @throws IllegalStateException naming the limit when it has several rates: read them from {@link #rates()}
	 */
	public Duration period() {
		return onlyRate("period()").period();
	}

	/**
	 * Returns the period of a limit of one rate in milliseconds.
	 * @return the period in milliseconds
	 * @throws IllegalStateException naming the limit when it has several rates: read them from {@link #rates()}
	 */
	public long periodMillis() {
		return onlyRate("periodMillis()").periodMillis();
	}

	private Rate onlyRate(String accessor) {
		if (hasSeveralRates()) {
			throw new IllegalStateException("limit " + this + " has " + this.rates.size() + " rates, so " + accessor
					+ " has no one answer: read each rate from rates(), and the most permits one request can take from"
					+ " maxPermits()");
		}
		return this.rates.get(0);
	}

	/** {@return the most permits one request can take: the smallest capacity of the rates} */
	public long maxPermits() {
		return this.maxPermits;
	}

	/**
	 * Returns whether a denied request may reserve permits ahead and wait for them: for the
	 * {@linkplain Algorithm#supportsReservations() bucket algorithms} with one rate. A limit of several rates is
	 * waited for by retrying at the reported retry-after.
	 * @return {@code true} when reservations are made
	 */
	public boolean supportsReservations() {
		return this.algorithm.supportsReservations() && !hasSeveralRates();
	}

	/**
	 * Returns a builder that starts from this limit's settings.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		Builder builder = new Builder().algorithm(this.algorithm);
		return (hasSeveralRates() || this.rates.get(0).isCalendar()) ? builder.rates(this.rates)
				: builder.capacity(capacity()).period(period());
	}

	@Override
	public boolean equals(Object other) {
		return this == other
				|| (other instanceof Limit that && this.algorithm == that.algorithm && this.rates.equals(that.rates));
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.algorithm, this.rates);
	}

	@Override
	public String toString() {
		StringBuilder text = new StringBuilder(this.algorithm.configName()).append('(');
		for (int i = 0; i < this.rates.size(); i++) {
			text.append((i > 0) ? " and " : "").append(this.rates.get(i));
		}
		return text.append(')').toString();
	}

	/**
	 * A checked builder of {@link Limit}: either one rate through {@link #capacity(long)} and
	 * {@link #period(Duration)}, or one or more through {@link #rate(long, Duration)}, never both. Every error names
	 * the field and the bad value.
	 */
	public static final class Builder {

		private Algorithm algorithm = Algorithm.TOKEN_BUCKET;

		private long capacity;

		private Duration period;

		private final List<Rate> rates = new ArrayList<>();

		private Builder() {
		}

		/**
		 * Sets the algorithm of every rate.
		 * @param algorithm the algorithm
		 * @return this builder
		 */
		public Builder algorithm(Algorithm algorithm) {
			this.algorithm = Objects.requireNonNull(algorithm, "algorithm must not be null");
			return this;
		}

		/**
		 * Sets the permits per period of a limit of one rate, which is also the burst.
		 * @param capacity at least 1
		 * @return this builder
		 */
		public Builder capacity(long capacity) {
			this.capacity = Rate.checkCapacity(capacity);
			return this;
		}

		/**
		 * Sets the period over which a limit of one rate grants {@code capacity} permits.
		 * @param period a whole number of milliseconds, at least 1 ms
		 * @return this builder
		 */
		public Builder period(Duration period) {
			this.period = Rate.checkPeriod(period);
			return this;
		}

		/**
		 * Adds a rate: {@code capacity} permits per {@code period}.
		 * @param capacity at least 1
		 * @param period a whole number of milliseconds, at least 1 ms
		 * @return this builder
		 * @throws IllegalArgumentException naming the rate's index, the field and the value
		 */
		public Builder rate(long capacity, Duration period) {
			try {
				return rate(Rate.of(capacity, period));
			}
			catch (IllegalArgumentException | NullPointerException ex) {
				throw new IllegalArgumentException("rates[" + this.rates.size() + "]." + ex.getMessage(), ex);
			}
		}

		/**
		 * Adds a rate.
		 * @param rate the rate
		 * @return this builder
		 */
		public Builder rate(Rate rate) {
			this.rates.add(Objects.requireNonNull(rate, "rate must not be null"));
			return this;
		}

		/**
		 * Replaces the rates.
		 * @param rates the rates, at least one
		 * @return this builder
		 */
		public Builder rates(List<Rate> rates) {
			this.rates.clear();
			rates.forEach(this::rate);
			return this;
		}

		/**
		 * Builds the limit.
		 * @return the limit
		 * @throws IllegalArgumentException when the rate is missing or given both ways, when two rates have the same
		 * period, when there are more than {@link #MAX_RATES}, when a sliding window log's capacity is too large, or
		 * when a calendar rate is given to another algorithm than {@link Algorithm#FIXED_WINDOW}
		 */
		public Limit build() {
			List<Rate> built = this.rates.isEmpty() ? List.of(singleRate()) : checkedRates();
			for (int i = 0; i < built.size(); i++) {
				long capacity = built.get(i).capacity();
				String field = (built.size() > 1) ? "rates[" + i + "]." : "";
				if (built.get(i).isCalendar() && this.algorithm != Algorithm.FIXED_WINDOW) {
					throw new IllegalArgumentException(field + "calendar " + built.get(i).calendarPeriod().orElseThrow()
							.configName() + " needs the algorithm " + Algorithm.FIXED_WINDOW.configName()
							+ " but algorithm was " + this.algorithm.configName());
				}
				if (this.algorithm == Algorithm.SLIDING_WINDOW_LOG && capacity > MAX_LOG_CAPACITY) {
					throw new IllegalArgumentException(field + "capacity of a sliding-window-log must be at most " + MAX_LOG_CAPACITY + " but was "
							+ capacity);
				}
			}
			return new Limit(this.algorithm, built);
		}

		private Rate singleRate() {
			if (this.capacity == 0) {
				throw new IllegalArgumentException("capacity must be set");
			}
			if (this.period == null) {
				throw new IllegalArgumentException("period must be set");
			}
			return Rate.of(this.capacity, this.period);
		}

		private List<Rate> checkedRates() {
			if (this.capacity != 0 || this.period != null) {
				throw new IllegalArgumentException("a limit gives either capacity and period or rates, not both, but "
						+ "capacity was " + ((this.capacity != 0) ? this.capacity : "not set") + ", period was "
						+ ((this.period != null) ? this.period : "not set") + " and rates were " + this.rates);
			}
			if (this.rates.size() > MAX_RATES) {
				throw new IllegalArgumentException(
						"rates must hold at most " + MAX_RATES + " rates but held " + this.rates.size());
			}
			for (int i = 1; i < this.rates.size(); i++) {
				for (int j = 0; j < i; j++) {
					if (this.rates.get(i).periodMillis() == this.rates.get(j).periodMillis()) {
						throw new IllegalArgumentException("rates[" + i + "].period must differ from the period of "
								+ "every other rate but was " + this.rates.get(i).period() + " as rates[" + j + "]");
					}
				}
			}
			return this.rates;
		}

	}

}
