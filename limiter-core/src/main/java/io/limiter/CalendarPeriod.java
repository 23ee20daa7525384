package io.limiter;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Locale;

/**
 * A period of the calendar that a {@linkplain Rate#ofCalendar(long, CalendarPeriod, ZoneId) calendar rate} counts
 * in: its windows start at midnight in a time zone on the first day of the period, so a window lasts as long as the
 * calendar says (a month of 28 to 31 days, a day of 23 or 25 hours when daylight saving time starts or ends).
 */
public enum CalendarPeriod {

	/** A day, from midnight to midnight. */
	DAY(Duration.ofDays(1)),

	/** An ISO week, from Monday midnight to the next Monday midnight. */
	WEEK(Duration.ofDays(7)),

	/** A month, from midnight of its first day to midnight of the next month's first day. */
	MONTH(Duration.ofDays(31)),

	/** A year, from midnight of January 1st to the next January 1st. */
	YEAR(Duration.ofDays(366));

	private final Duration nominalLength;

	CalendarPeriod(Duration nominalLength) {
		this.nominalLength = nominalLength;
	}

	/**
	 * Returns the period's length without daylight saving time in its longest form (a month of 31 days, a year of
	 * 366): the {@link Rate#period()} of a calendar rate, which a window may pass by an hour on a day the clocks go
	 * back.
	 * @return the nominal length
	 */
	public Duration nominalLength() {
		return this.nominalLength;
	}

	/** {@return the name used in configuration: {@code day}, {@code week}, {@code month} or {@code year}} */
	public String configName() {
		return name().toLowerCase(Locale.ROOT);
	}

}
