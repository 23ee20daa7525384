package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.LimitPlanResolver;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Calendar quotas from {@code application.yml}: {@code calendar} and {@code zone} in place of {@code period}, for a
 * limit, one of its rates or a plan, and every bad setting failing start-up with its property and value.
 */
class CalendarQuotaPropertiesTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class));

	@Test
	void aLimitOfOneCalendarRateIsInUtcUnlessAZoneIsGiven() {
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.capacity=5",
					"limiter.limits.quota.calendar=day", "limiter.limits.monthly.algorithm=fixed-window",
					"limiter.limits.monthly.capacity=5000000", "limiter.limits.monthly.calendar=month",
					"limiter.limits.monthly.zone=Europe/Berlin")
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThat(registry.limiter("quota").limit()).isEqualTo(fixedWindow(Rate.ofCalendar(5, CalendarPeriod.DAY)));
				assertThat(registry.limiter("monthly").limit()).isEqualTo(
						fixedWindow(Rate.ofCalendar(5_000_000, CalendarPeriod.MONTH, ZoneId.of("Europe/Berlin"))));
			});
	}

	@Test
	void aCalendarRateCombinesWithOthers() {
		this.runner
			.withPropertyValues("limiter.limits.api.algorithm=fixed-window", "limiter.limits.api.rates[0].capacity=10",
					"limiter.limits.api.rates[0].period=1m", "limiter.limits.api.rates[1].capacity=1000000000",
					"limiter.limits.api.rates[1].calendar=year", "limiter.limits.api.rates[1].zone=America/New_York")
			.run((context) -> assertThat(context.getBean(RateLimiterRegistry.class).limiter("api").limit())
				.isEqualTo(Limit.builder(Algorithm.FIXED_WINDOW).rate(10, Duration.ofMinutes(1))
					.rate(Rate.ofCalendar(1_000_000_000, CalendarPeriod.YEAR, ZoneId.of("America/New_York")))
					.build()));
	}

	@Test
	void aPlanOfACalendarLimitKeepsItsCalendar() {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> "gold")
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.capacity=5",
					"limiter.limits.quota.calendar=day", "limiter.limits.quota.plans.gold.capacity=50",
					"limiter.limits.quota.plans.silver.capacity=500", "limiter.limits.quota.plans.silver.calendar=month")
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThat(registry.limiter("quota", "gold").limit())
					.isEqualTo(fixedWindow(Rate.ofCalendar(50, CalendarPeriod.DAY)));
				assertThat(registry.limiter("quota", "silver").limit())
					.isEqualTo(fixedWindow(Rate.ofCalendar(500, CalendarPeriod.MONTH)));
			});
	}

	@Test
	void badSettingsFailNamingThePropertyAndTheValue() {
		this.runner.withPropertyValues("limiter.limits.quota.capacity=5", "limiter.limits.quota.calendar=day")
			.run(failsWith("limiter.limits.quota.algorithm", "token-bucket",
					"calendar day needs the algorithm fixed-window but algorithm was token-bucket"));
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.capacity=5",
					"limiter.limits.quota.calendar=day", "limiter.limits.quota.zone=Mars/Olympus")
			.run(failsWith("limiter.limits.quota.zone", "Mars/Olympus", "zone must be a time zone"));
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.capacity=5",
					"limiter.limits.quota.calendar=day", "limiter.limits.quota.period=1d")
			.run(failsWith("limiter.limits.quota.period", "PT24H", "give period or calendar, not both"));
		this.runner
			.withPropertyValues("limiter.limits.quota.capacity=5", "limiter.limits.quota.period=1d",
					"limiter.limits.quota.zone=UTC")
			.run(failsWith("limiter.limits.quota.zone", "UTC", "set calendar"));
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.capacity=0",
					"limiter.limits.quota.rates[0].calendar=week")
			.run(failsWith("limiter.limits.quota.capacity", "0", "give either capacity and period or a list of rates"));
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.rates[0].calendar=week")
			.run(failsWith("limiter.limits.quota.rates[0].capacity", "null", "capacity must be set"));
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window",
					"limiter.limits.quota.capacity=4503599627370497", "limiter.limits.quota.calendar=year")
			.run(failsWith("limiter.limits.quota.capacity", "4503599627370497",
					"capacity of a calendar rate must be at most 4503599627370496"));
		this.runner
			.withPropertyValues("limiter.limits.quota.algorithm=fixed-window", "limiter.limits.quota.calendar=day",
					"limiter.limits.quota.rates[0].capacity=5", "limiter.limits.quota.rates[0].period=1h")
			.run(failsWith("limiter.limits.quota.calendar", "day", "limit 'quota' gives calendar and rates"));
		this.runner.withPropertyValues("limiter.limits.quota.capacity=5", "limiter.limits.quota.calendar=fortnight")
			.run((context) -> assertThat(context).hasFailed());
	}

	private static Limit fixedWindow(Rate rate) {
		return Limit.builder(Algorithm.FIXED_WINDOW).rate(rate).build();
	}

}
