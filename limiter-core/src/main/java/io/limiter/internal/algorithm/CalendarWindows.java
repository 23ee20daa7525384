package io.limiter.internal.algorithm;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;

import io.limiter.CalendarPeriod;

/**
 * Where the window of a {@link CalendarPeriod} that holds a time starts and ends: at midnight in a time zone on the
 * first day of the period, so a window lasts as long as the calendar says.
 */
final class CalendarWindows {

	private CalendarWindows() {
	}

	/**
	 * Returns the start of the window that holds a time.
	 * @param period the period of the calendar
	 * @param epochMillis the time, in milliseconds since the epoch
	 * @param zone the time zone of the calendar
	 * @return the start of the window, in milliseconds since the epoch, not after the time
	 */
	static long start(CalendarPeriod period, long epochMillis, ZoneId zone) {
		return startOf(firstDay(period, LocalDate.ofInstant(Instant.ofEpochMilli(epochMillis), zone)), zone);
	}

	/**
	 * Returns the end of the window that holds a time, which is the start of the next one.
	 * @param period the period of the calendar
	 * @param epochMillis the time, in milliseconds since the epoch
	 * @param zone the time zone of the calendar
	 * @return the end of the window, in milliseconds since the epoch, after the time
	 */
	static long end(CalendarPeriod period, long epochMillis, ZoneId zone) {
		LocalDate firstDay = firstDay(period, LocalDate.ofInstant(Instant.ofEpochMilli(epochMillis), zone));
		return startOf(next(period, firstDay), zone);
	}

	private static LocalDate firstDay(CalendarPeriod period, LocalDate date) {
		return switch (period) {
			case DAY -> date;
			case WEEK -> date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
			case MONTH -> date.withDayOfMonth(1);
			case YEAR -> date.withDayOfYear(1);
		};
	}

	private static LocalDate next(CalendarPeriod period, LocalDate firstDay) {
		return switch (period) {
			case DAY -> firstDay.plusDays(1);
			case WEEK -> firstDay.plusWeeks(1);
			case MONTH -> firstDay.plusMonths(1);
			case YEAR -> firstDay.plusYears(1);
		};
	}

	/** The first instant of a date: midnight, or the first time after it when the clocks skip midnight. */
	private static long startOf(LocalDate date, ZoneId zone) {
		return date.atStartOfDay(zone).toInstant().toEpochMilli();
	}

}
