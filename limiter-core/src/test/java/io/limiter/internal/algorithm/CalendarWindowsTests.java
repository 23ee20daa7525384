package io.limiter.internal.algorithm;

import java.time.Instant;
import java.time.ZoneId;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.limiter.CalendarPeriod;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The windows of the calendar: where the window that holds a time starts and ends, for month ends, leap years, ISO
 * weeks across a year and the days daylight saving time starts and ends in two zones.
 */
class CalendarWindowsTests {

	@ParameterizedTest(name = "{0} in {1} at {2}: [{3}, {4})")
	@CsvSource({
			"DAY, UTC, 2024-05-17T13:45:00Z, 2024-05-17T00:00:00Z, 2024-05-18T00:00:00Z",
			"DAY, UTC, 2024-05-17T00:00:00Z, 2024-05-17T00:00:00Z, 2024-05-18T00:00:00Z",
			"DAY, UTC, 2024-05-17T23:59:59.999Z, 2024-05-17T00:00:00Z, 2024-05-18T00:00:00Z",
			"MONTH, UTC, 2024-01-31T23:59:59.999Z, 2024-01-01T00:00:00Z, 2024-02-01T00:00:00Z",
			"MONTH, UTC, 2024-02-29T12:00:00Z, 2024-02-01T00:00:00Z, 2024-03-01T00:00:00Z",
			"MONTH, UTC, 2023-02-28T12:00:00Z, 2023-02-01T00:00:00Z, 2023-03-01T00:00:00Z",
			"MONTH, UTC, 2024-04-30T12:00:00Z, 2024-04-01T00:00:00Z, 2024-05-01T00:00:00Z",
			"YEAR, UTC, 2024-12-31T23:59:59.999Z, 2024-01-01T00:00:00Z, 2025-01-01T00:00:00Z",
			"WEEK, UTC, 2024-12-31T10:00:00Z, 2024-12-30T00:00:00Z, 2025-01-06T00:00:00Z",
			"WEEK, UTC, 2021-01-03T10:00:00Z, 2020-12-28T00:00:00Z, 2021-01-04T00:00:00Z",
			"DAY, Europe/Berlin, 2024-03-31T12:00:00Z, 2024-03-30T23:00:00Z, 2024-03-31T22:00:00Z",
			"DAY, Europe/Berlin, 2024-10-27T12:00:00Z, 2024-10-26T22:00:00Z, 2024-10-27T23:00:00Z",
			"DAY, America/New_York, 2024-03-10T12:00:00Z, 2024-03-10T05:00:00Z, 2024-03-11T04:00:00Z",
			"DAY, America/New_York, 2024-11-03T12:00:00Z, 2024-11-03T04:00:00Z, 2024-11-04T05:00:00Z",
			"MONTH, Europe/Berlin, 2024-03-15T12:00:00Z, 2024-02-29T23:00:00Z, 2024-03-31T22:00:00Z",
			"MONTH, America/New_York, 2024-02-01T04:59:59.999Z, 2024-01-01T05:00:00Z, 2024-02-01T05:00:00Z",
			"WEEK, Europe/Berlin, 2024-10-27T12:00:00Z, 2024-10-20T22:00:00Z, 2024-10-27T23:00:00Z",
			"YEAR, America/New_York, 2025-01-01T03:00:00Z, 2024-01-01T05:00:00Z, 2025-01-01T05:00:00Z" })
	void windowsFollowTheCalendar(CalendarPeriod period, String zone, String time, String start, String end) {
		long millis = Instant.parse(time).toEpochMilli();
		assertThat(Instant.ofEpochMilli(CalendarWindows.start(period, millis, ZoneId.of(zone)))).isEqualTo(Instant.parse(start));
		assertThat(Instant.ofEpochMilli(CalendarWindows.end(period, millis, ZoneId.of(zone)))).isEqualTo(Instant.parse(end));
	}

}
