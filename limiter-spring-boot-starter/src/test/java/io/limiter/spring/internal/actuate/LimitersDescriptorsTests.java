package io.limiter.spring.internal.actuate;

import java.time.Duration;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.spring.internal.actuate.LimitersDescriptors.PlanDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.RateDescriptor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the {@code limiters} endpoint tells of a limit's rates: a calendar rate by its calendar period and zone.
 */
class LimitersDescriptorsTests {

	@Test
	void aCalendarRateIsDescribedByItsCalendarAndZone() {
		Limit limit = Limit.builder(Algorithm.FIXED_WINDOW).rate(10, Duration.ofMinutes(1))
			.rate(Rate.ofCalendar(10_000, CalendarPeriod.MONTH, ZoneId.of("Europe/Berlin"))).build();
		assertThat(PlanDescriptor.of(limit).rates()).containsExactly(new RateDescriptor(10, "PT1M", null, null),
				new RateDescriptor(10_000, "PT744H", "month", "Europe/Berlin"));
	}

}
