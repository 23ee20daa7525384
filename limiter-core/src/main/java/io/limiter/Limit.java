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
 * <p>
 * A limit of one rate is made by {@link #of(Algorithm, long, Duration)}; a limit of several rates, or of a calendar
 * rate, by {@link #builder(Algorithm)}:
 * <pre>{@code
 * Limit hello = Limit.of(Algorithm.GCRA, 10, Duration.ofSeconds(1));
 * Limit api = Limit.builder(Algorithm.TOKEN_BUCKET)
 *     .rate(10, Duration.ofSeconds(1))
 *     .rate(1000, Duration.ofHours(1))
 *     .build();
 * Limit quota = Limit.builder(Algorithm.FIXED_WINDOW).rate(Rate.ofCalendar(10_000, CalendarPeriod.MONTH)).build();
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
		return builder(algorithm).rate(Rate.of(capacity, period)).build();
	}

	/**
	 * Returns a builder of a limit of several rates, or of a calendar rate, decided by one algorithm.
	 * @param algorithm the algorithm of every rate
	 * @return a new builder
	 */
	public static Builder builder(Algorithm algorithm) {
		return new Builder(Objects.requireNonNull(algorithm, "algorithm must not be null"));
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
	 * A checked builder of {@link Limit}: one or more rates, each through {@link #rate(long, Duration)}, or
	 * {@link #rate(Rate)} for a {@linkplain Rate#ofCalendar calendar rate}. Every error names the field and the bad
	 * value.
	 */
	public static final class Builder {

		private final Algorithm algorithm;

		private final List<Rate> rates = new ArrayList<>();

		private Builder(Algorithm algorithm) {
			this.algorithm = algorithm;
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
		 * Adds a rate made apart, the way to add a {@linkplain Rate#ofCalendar calendar rate}.
		 * @param rate the rate
		 * @return this builder
		 */
		public Builder rate(Rate rate) {
			this.rates.add(Objects.requireNonNull(rate, "rate must not be null"));
			return this;
		}

		/**
		 * Builds the limit.
		 * @return the limit
		 * @throws IllegalArgumentException when there is no rate, when two rates have the same period, when there are
		 * more than {@link #MAX_RATES}, when a sliding window log's capacity is too large, or when a calendar rate is
		 * given to another algorithm than {@link Algorithm#FIXED_WINDOW}
		 */
		public Limit build() {
			List<Rate> built = checkedRates();
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

		private List<Rate> checkedRates() {
			if (this.rates.isEmpty()) {
				throw new IllegalArgumentException("rates must hold at least one rate but were empty: add one with "
						+ "rate(capacity, period)");
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
