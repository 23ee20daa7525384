package io.limiter;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * One rate of a {@link Limit}: {@code capacity} permits per {@code period}. A limit holds one rate, or several that
 * must all allow a request ("10 per second and 1,000 per hour").
 * <pre>{@code
 * Rate perSecond = Rate.of(10, Duration.ofSeconds(1));
 * Rate perMonth = Rate.ofCalendar(10_000, CalendarPeriod.MONTH, ZoneId.of("Europe/Berlin"));
 * }</pre>
 * A calendar rate ({@link #ofCalendar(long, CalendarPeriod, ZoneId)}) counts in the windows of the calendar, a day, an
 * ISO week, a month or a year in a time zone, each as long as the calendar makes it; it is decided by
 * {@link Algorithm#FIXED_WINDOW}, which counts permits without multiplying them by the period, so its capacity may
 * reach {@link Limit#MAX_CALENDAR_CAPACITY} whatever the period.
 */
public final class Rate {

	private final long capacity;

	private final Duration period;

	private final long periodMillis;

	private final CalendarPeriod calendarPeriod;

	private final ZoneId zone;

	private Rate(long capacity, Duration period, CalendarPeriod calendarPeriod, ZoneId zone) {
		this.capacity = capacity;
		this.period = period;
		this.periodMillis = period.toMillis();
		this.calendarPeriod = calendarPeriod;
		this.zone = zone;
	}

	/**
	 * Creates a rate, checking both arguments.
	 * @param capacity the permits per period, at least 1
	 * @param period the period, a whole number of milliseconds, at least 1 ms
	 * @return the rate
	 * @throws IllegalArgumentException naming the field and the value when an argument is out of range, or when
	 * {@code capacity x period} passes {@link Limit#MAX_CAPACITY_PERIOD_PRODUCT}
	 */
	public static Rate of(long capacity, Duration period) {
		return new Rate(checkCapacity(capacity), checkPeriod(period), null, null).checkProduct();
	}

	/**
	 * Creates a calendar rate in UTC: {@code capacity} permits in each day, ISO week, month or year.
	 * @param capacity the permits per window of the calendar, from 1 to {@link Limit#MAX_CALENDAR_CAPACITY}
	 * @param period the period of the calendar
	 * @return the rate
	 * @throws IllegalArgumentException naming the field and the value when an argument is out of range
	 */
	public static Rate ofCalendar(long capacity, CalendarPeriod period) {
		return ofCalendar(capacity, period, ZoneOffset.UTC);
	}

	/**
	 * Creates a calendar rate: {@code capacity} permits in each day, ISO week, month or year of a time zone, the
	 * windows starting at midnight there (daylight saving time included), so the count starts afresh on the first of
	 * each month of a monthly quota, whatever the month's length.
	 * @param capacity the permits per window of the calendar, from 1 to {@link Limit#MAX_CALENDAR_CAPACITY}
	 * @param period the period of the calendar
	 * @param zone the time zone where the windows start at midnight
	 * @return the rate
	 * @throws IllegalArgumentException naming the field and the value when an argument is out of range
	 */
	public static Rate ofCalendar(long capacity, CalendarPeriod period, ZoneId zone) {
		Objects.requireNonNull(period, "calendar period must not be null");
		Objects.requireNonNull(zone, "zone must not be null");
		if (checkCapacity(capacity) > Limit.MAX_CALENDAR_CAPACITY) {
			throw new IllegalArgumentException("capacity of a calendar rate must be at most "
					+ Limit.MAX_CALENDAR_CAPACITY + " but was " + capacity);
		}
		return new Rate(capacity, period.nominalLength(), period, zone);
	}

	static long checkCapacity(long capacity) {
		if (capacity < 1) {
			throw new IllegalArgumentException("capacity must be at least 1 but was " + capacity);
		}
		return capacity;
	}

	static Duration checkPeriod(Duration period) {
		Objects.requireNonNull(period, "period must not be null");
		if (period.isNegative() || period.isZero() || period.toNanos() % 1_000_000 != 0) {
			throw new IllegalArgumentException("period must be a positive whole number of milliseconds but was " + period);
		}
		return period;
	}

	private Rate checkProduct() {
		if (this.capacity > Limit.MAX_CAPACITY_PERIOD_PRODUCT / this.periodMillis) {
			throw new IllegalArgumentException("capacity x period must be at most 2^53 permit-milliseconds but "
					+ "capacity was " + this.capacity + " and period was " + this.period);
		}
		return this;
	}

	/**
	 * Returns the permits per period, which is also the burst of the bucket algorithms.
	 * @return the capacity
	 */
	public long capacity() {
		return this.capacity;
	}

	/**
	 * Returns another rate of the same period (and calendar) with another capacity.
	 * @param capacity the permits per period, at least 1
	 * @return the rate
	 * @throws IllegalArgumentException naming the field and the value when the capacity is out of range
	 */
	public Rate withCapacity(long capacity) {
		return isCalendar() ? ofCalendar(capacity, this.calendarPeriod, this.zone) : of(capacity, this.period);
	}

	/**
	 * Returns whether the rate counts in the windows of the calendar.
	 * @return {@code true} for a rate of {@link #ofCalendar(long, CalendarPeriod, ZoneId)}
	 */
	public boolean isCalendar() {
		return this.calendarPeriod != null;
	}

	/** {@return the period of the calendar of a calendar rate, empty for a rate of a fixed period} */
	public Optional<CalendarPeriod> calendarPeriod() {
		return Optional.ofNullable(this.calendarPeriod);
	}

	/** {@return the time zone of a calendar rate, empty for a rate of a fixed period} */
	public Optional<ZoneId> zone() {
		return Optional.ofNullable(this.zone);
	}

	/**
	 * Returns the period, the window length of the window algorithms; of a calendar rate, the
	 * {@linkplain CalendarPeriod#nominalLength() nominal length} of its period.
	 * @return the period
	 */
	public Duration period() {
		return this.period;
	}

	/** {@return the period in milliseconds} */
	public long periodMillis() {
		return this.periodMillis;
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Rate that && this.capacity == that.capacity
				&& this.periodMillis == that.periodMillis && this.calendarPeriod == that.calendarPeriod
				&& Objects.equals(this.zone, that.zone));
	}

	@Override
	public int hashCode() {
		return (Long.hashCode(this.capacity) * 31 + Long.hashCode(this.periodMillis)) * 31 + Objects.hashCode(this.zone);
	}

	@Override
	public String toString() {
		return isCalendar() ? this.capacity + " per calendar " + this.calendarPeriod.configName() + " in " + this.zone
				: this.capacity + " per " + this.period;
	}

}
