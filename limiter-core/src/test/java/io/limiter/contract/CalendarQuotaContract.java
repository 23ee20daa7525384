package io.limiter.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Calendar quotas: vectors of month ends, leap years, ISO weeks across a year and daylight saving time changes in two
 * zones, each a time, a calendar rate and where its window ends. Every backend runs the same vectors, so the
 * in-memory backend and Redis agree on them.
 */
public abstract class CalendarQuotaContract {

	private static final AtomicInteger names = new AtomicInteger();

	private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

	private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

	/** The clock of the backend under test. */
	protected ManualClock clock;

	/**
	 * Returns the backend under test.
	 * @return the fixture
	 */
	protected abstract BackendFixture fixture();

	@BeforeEach
	void takeClock() {
		this.clock = fixture().clock();
	}

	@Test
	void aMonthOf31DaysEndsOnTheFirstOfTheNext() {
		assertWindowEnds(CalendarPeriod.MONTH, ZoneOffset.UTC, "2024-01-31T12:00:00Z", "2024-02-01T00:00:00Z");
	}

	@Test
	void februaryOfALeapYearHas29Days() {
		assertWindowEnds(CalendarPeriod.MONTH, ZoneOffset.UTC, "2024-02-28T00:00:00Z", "2024-03-01T00:00:00Z");
	}

	@Test
	void februaryOfAnotherYearHas28Days() {
		assertWindowEnds(CalendarPeriod.MONTH, ZoneOffset.UTC, "2023-02-28T00:00:00Z", "2023-03-01T00:00:00Z");
	}

	@Test
	void aMonthEndsAtMidnightInItsZone() {
		// 23:30 on January 31st in New York is already February 1st in UTC
		assertWindowEnds(CalendarPeriod.MONTH, NEW_YORK, "2024-02-01T04:30:00Z", "2024-02-01T05:00:00Z");
	}

	@Test
	void aYearEndsOnJanuaryFirst() {
		assertWindowEnds(CalendarPeriod.YEAR, ZoneOffset.UTC, "2024-12-31T23:00:00Z", "2025-01-01T00:00:00Z");
	}

	@Test
	void anIsoWeekRunsAcrossTheYearFromMondayToMonday() {
		assertWindowEnds(CalendarPeriod.WEEK, ZoneOffset.UTC, "2024-12-31T10:00:00Z", "2025-01-06T00:00:00Z");
	}

	@Test
	void theDayTheClocksGoForwardInBerlinHas23Hours() {
		assertWindowEnds(CalendarPeriod.DAY, BERLIN, "2024-03-30T23:00:00Z", "2024-03-31T22:00:00Z");
	}

	@Test
	void theDayTheClocksGoBackInBerlinHas25Hours() {
		assertWindowEnds(CalendarPeriod.DAY, BERLIN, "2024-10-26T22:00:00Z", "2024-10-27T23:00:00Z");
	}

	@Test
	void theDayTheClocksGoForwardInNewYorkHas23Hours() {
		assertWindowEnds(CalendarPeriod.DAY, NEW_YORK, "2024-03-10T05:00:00Z", "2024-03-11T04:00:00Z");
	}

	@Test
	void theDayTheClocksGoBackInNewYorkHas25Hours() {
		assertWindowEnds(CalendarPeriod.DAY, NEW_YORK, "2024-11-03T04:00:00Z", "2024-11-04T05:00:00Z");
	}

	@Test
	void aBigMonthlyQuotaIsCountedExactly() {
		at("2024-04-10T08:00:00Z");
		RateLimiter limiter = limiter(Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(Rate.ofCalendar(5_000_000, CalendarPeriod.MONTH)).build());
		long untilMay = millis("2024-05-01T00:00:00Z") - this.clock.millis();
		assertThat(limiter.tryAcquire("k", 4_999_999).remaining()).isEqualTo(1);
		Decision last = limiter.tryAcquire("k", 1);
		assertThat(last.isAllowed()).isTrue();
		assertThat(last.remaining()).isZero();
		assertThat(last.resetAfterMillis()).isEqualTo(untilMay);
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
	}

	@Test
	void aYearlyQuotaOfABillionIsCountedExactly() {
		at("2024-07-01T00:00:00Z");
		RateLimiter limiter = limiter(Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(Rate.ofCalendar(1_000_000_000, CalendarPeriod.YEAR)).build());
		assertThat(limiter.tryAcquire("k", 999_999_999).remaining()).isEqualTo(1);
		limiter.addPermits("k", 3);
		assertThat(limiter.tryAcquire("k", 4).remaining()).isZero();
		Decision denied = limiter.tryAcquire("k", 1);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.retryAfterMillis()).isEqualTo(millis("2025-01-01T00:00:00Z") - this.clock.millis());
	}

	@Test
	void aGrantOfThePreviousWindowIsRefundedNothing() {
		at("2024-02-29T23:00:00Z");
		RateLimiter limiter = limiter(calendarDays(5, ZoneOffset.UTC));
		Decision february = limiter.tryAcquire("k", 2);
		at("2024-03-01T00:00:00Z");
		Decision march = limiter.tryAcquire("k", 3);
		limiter.refund("k", february);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(2);
		limiter.refund("k", march);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(5);
	}

	@Test
	void aCalendarRateCombinesWithARateOfAFixedPeriod() {
		at("2024-06-30T23:59:00Z");
		RateLimiter limiter = limiter(Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(3, Duration.ofHours(1)).rate(Rate.ofCalendar(5, CalendarPeriod.DAY)).build());
		limiter.tryAcquire("k", 3);
		Decision hourly = limiter.tryAcquire("k", 1);
		assertThat(hourly.isAllowed()).isFalse();
		assertThat(hourly.rate()).isZero();
		at("2024-07-01T00:00:00Z");
		limiter.tryAcquire("k", 3);
		at("2024-07-01T01:00:00Z");
		limiter.tryAcquire("k", 2);
		Decision daily = limiter.tryAcquire("k", 1);
		assertThat(daily.isAllowed()).isFalse();
		assertThat(daily.rate()).isEqualTo(1);
		assertThat(daily.retryAfterMillis()).isEqualTo(23 * 3_600_000L);
	}

	/**
	 * Checks one vector: from a time, the quota is spent until the last millisecond before the window's end and
	 * whole again at the end.
	 */
	private void assertWindowEnds(CalendarPeriod period, ZoneId zone, String from, String end) {
		at(from);
		long untilEnd = millis(end) - this.clock.millis();
		RateLimiter limiter = limiter(Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(Rate.ofCalendar(5, period, zone)).build());
		Decision grant = limiter.tryAcquire("k", 5);
		assertThat(grant.isAllowed()).isTrue();
		assertThat(grant.resetAfterMillis()).isEqualTo(untilEnd);
		Decision denial = limiter.tryAcquire("k", 1);
		assertThat(denial.isAllowed()).isFalse();
		assertThat(denial.retryAfterMillis()).isEqualTo(untilEnd);
		this.clock.set(millis(end) - 1);
		assertThat(limiter.tryAcquire("k", 1).retryAfterMillis()).isEqualTo(1);
		this.clock.set(millis(end));
		assertThat(limiter.tryAcquire("k", 5).isAllowed()).isTrue();
	}

	private static Limit calendarDays(long capacity, ZoneId zone) {
		return Limit.builder(Algorithm.FIXED_WINDOW)
			.rate(Rate.ofCalendar(capacity, CalendarPeriod.DAY, zone))
			.build();
	}

	private RateLimiter limiter(Limit limit) {
		String name = getClass().getSimpleName() + "-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		return fixture().backend().limiter(name, limit);
	}

	private void at(String instant) {
		this.clock.set(millis(instant));
	}

	private static long millis(String instant) {
		return Instant.parse(instant).toEpochMilli();
	}

}
