package io.limiter.jmh;

import java.time.Duration;
import java.time.ZoneOffset;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Limit;
import io.limiter.Rate;

/**
 * A limit given as a burst and a rate per second, the way published rate-limiter benchmarks state them, turned into a
 * {@link Limit}: {@code burst} permits per {@code burst / rate} seconds.
 *
 * @param burst the capacity, at least 1
 * @param ratePerSecond the refill rate in permits per second, at least 1
 */
public record BenchmarkLimit(long burst, long ratePerSecond) {

	/**
	 * Checks the values.
	 * @param burst the capacity, at least 1
	 * @param ratePerSecond the refill rate, at least 1, dividing {@code burst x 1000}
	 * @throws IllegalArgumentException naming the field and the value when one is out of range
	 */
	public BenchmarkLimit {
		if (burst < 1) {
			throw new IllegalArgumentException("burst must be at least 1 but was " + burst);
		}
		if (ratePerSecond < 1) {
			throw new IllegalArgumentException("rate must be at least 1 per second but was " + ratePerSecond);
		}
		if (burst > Long.MAX_VALUE / 1000 || (burst * 1000) % ratePerSecond != 0) {
			throw new IllegalArgumentException("rate must divide burst x 1000 so that the period (burst / rate) is "
					+ "a whole number of milliseconds, but burst was " + burst + " and rate was " + ratePerSecond);
		}
	}

	/**
	 * Returns the period in which the whole burst refills.
	 * @return {@code burst x 1000 / rate} milliseconds
	 */
	public Duration period() {
		return Duration.ofMillis(this.burst * 1000 / this.ratePerSecond);
	}

	/**
	 * Returns this limit under an algorithm.
	 * @param algorithm the algorithm
	 * @return the limit: {@code burst} permits per {@link #period()}
	 */
	public Limit limit(Algorithm algorithm) {
		return Limit.of(algorithm, this.burst, period());
	}

	/**
	 * Returns a calendar quota of {@code burst} permits per calendar day in UTC, which the fixed window decides.
	 * @return the quota: windows from one midnight UTC to the next
	 */
	public Limit calendarDay() {
		return Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(Rate.ofCalendar(this.burst, CalendarPeriod.DAY, ZoneOffset.UTC))
			.build();
	}

	/**
	 * Returns the same quota as {@link #calendarDay()} with a period instead of a calendar: {@code burst} permits
	 * per fixed window of one day, aligned to multiples of a day since the epoch, so the same windows, from one
	 * midnight UTC to the next.
	 * @return the quota
	 */
	public Limit fixedWindowDay() {
		return Limit.of(Algorithm.FIXED_WINDOW, this.burst, Duration.ofDays(1));
	}

}
