package io.limiter;

import java.time.ZoneOffset;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The periods of the calendar: their names and nominal lengths.
 */
class CalendarPeriodTests {

	@ParameterizedTest
	@CsvSource({ "DAY, day, PT24H", "WEEK, week, PT168H", "MONTH, month, PT744H", "YEAR, year, PT8784H" })
	void configNamesAndNominalLengths(CalendarPeriod period, String name, String length) {
		assertThat(period.configName()).isEqualTo(name);
		assertThat(period.nominalLength()).hasToString(length);
		assertThat(Rate.ofCalendar(1, period).period()).isEqualTo(period.nominalLength());
		assertThat(Rate.ofCalendar(1, period).zone()).contains(ZoneOffset.UTC);
	}

}
