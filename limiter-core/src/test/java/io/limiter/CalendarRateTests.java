package io.limiter;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Calendar rates as values: their checks, and the big quotas that the 2^53 rule of rates of a fixed period would
 * refuse.
 */
class CalendarRateTests {

	@Test
	void bigQuotasAreAccepted() {
		assertThat(Rate.ofCalendar(5_000_000, CalendarPeriod.MONTH).capacity()).isEqualTo(5_000_000);
		assertThat(Rate.ofCalendar(1_000_000_000, CalendarPeriod.YEAR).capacity()).isEqualTo(1_000_000_000);
		assertThat(Rate.ofCalendar(Limit.MAX_CALENDAR_CAPACITY, CalendarPeriod.YEAR).capacity())
			.isEqualTo(Limit.MAX_CALENDAR_CAPACITY);
		assertThatIllegalArgumentException().isThrownBy(() -> Rate.of(1_000_000_000, Duration.ofDays(366)))
			.withMessageContaining("2^53");
	}

	@Test
	void aCapacityOutOfRangeIsRefusedWithItsValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> Rate.ofCalendar(0, CalendarPeriod.DAY))
			.withMessage("capacity must be at least 1 but was 0");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Rate.ofCalendar(Limit.MAX_CALENDAR_CAPACITY + 1, CalendarPeriod.DAY))
			.withMessage("capacity of a calendar rate must be at most 4503599627370496 but was 4503599627370497");
	}

	@Test
	void aCalendarRateNeedsTheFixedWindow() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.builder(Algorithm.TOKEN_BUCKET).rate(Rate.ofCalendar(5, CalendarPeriod.DAY)).build())
			.withMessage("calendar day needs the algorithm fixed-window but algorithm was token-bucket");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> Limit.builder(Algorithm.GCRA)
				.rate(10, Duration.ofSeconds(1))
				.rate(Rate.ofCalendar(5, CalendarPeriod.MONTH))
				.build())
			.withMessage("rates[1].calendar month needs the algorithm fixed-window but algorithm was gcra");
	}

	@Test
	void theZoneAndPeriodTellRatesApart() {
		Rate utc = Rate.ofCalendar(5, CalendarPeriod.DAY);
		assertThat(utc).isEqualTo(Rate.ofCalendar(5, CalendarPeriod.DAY, ZoneOffset.UTC))
			.isNotEqualTo(Rate.ofCalendar(5, CalendarPeriod.DAY, ZoneId.of("Europe/Berlin")))
			.isNotEqualTo(Rate.of(5, Duration.ofDays(1)))
			.hasToString("5 per calendar day in Z");
		assertThat(utc.withCapacity(2)).isEqualTo(Rate.ofCalendar(2, CalendarPeriod.DAY));
		assertThat(Rate.of(5, Duration.ofDays(1)).calendarPeriod()).isEmpty();
	}

	@Test
	void aLimitOfOneCalendarRateReadsAsALimitOfOneRate() {
		Limit limit = Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(Rate.ofCalendar(5, CalendarPeriod.WEEK, ZoneId.of("America/New_York")))
			.build();
		assertThat(limit.hasSeveralRates()).isFalse();
		assertThat(limit.period()).isEqualTo(Duration.ofDays(7));
	}

}
