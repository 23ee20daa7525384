package io.limiter.spring.internal.web;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.internal.Enforcement;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code RateLimit-Policy} field announces the limit's real rate: quota and window scale together, the window
 * in whole seconds and the quota rounded down, so a client that keeps to it is never refused for its rate.
 */
class RateLimitPolicyTests {

	/** An sf-list of sf-strings with integer parameters (RFC 9651, sections 3.1, 3.1.2, 3.3.1 and 3.3.3). */
	private static final Pattern SF_LIST = Pattern
		.compile("\"(?:[\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\"\\\\])*\"(?:;[a-z*][a-z0-9_.*-]*=-?[0-9]{1,15})*"
				+ "(?:, \"(?:[\\x20-\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\"\\\\])*\"(?:;[a-z*][a-z0-9_.*-]*=-?[0-9]{1,15})*)*");

	private static final Pattern QUOTA_AND_WINDOW = Pattern.compile(";q=([0-9]+);w=([0-9]+)");

	@Test
	void aPeriodShorterThanASecondScalesTheQuotaToTheSecond() {
		assertThat(policy(10, Duration.ofMillis(250))).isEqualTo("\"p\";q=40;w=1");
		assertThat(policy(1, Duration.ofMillis(1))).isEqualTo("\"p\";q=1000;w=1");
		assertThat(policy(3, Duration.ofMillis(700))).isEqualTo("\"p\";q=4;w=1");
	}

	@Test
	void aPeriodBetweenWholeSecondsRoundsTheQuotaDown() {
		assertThat(policy(10, Duration.ofMillis(1500))).isEqualTo("\"p\";q=13;w=2");
		assertThat(policy(7, Duration.ofMillis(3001))).isEqualTo("\"p\";q=9;w=4");
	}

	@Test
	void wholeSecondPeriodsAreAnnouncedAsTheyAre() {
		assertThat(policy(10, Duration.ofSeconds(1))).isEqualTo("\"p\";q=10;w=1");
		assertThat(policy(3, Duration.ofHours(1))).isEqualTo("\"p\";q=3;w=3600");
	}

	@Test
	void theAnnouncedRateNeverExceedsTheRealOneAndIsWithinOnePermitOfIt() {
		long[] periods = { 1, 7, 250, 999, 1000, 1001, 1500, 2999, 60_001, 86_399_999 };
		long[] capacities = { 1, 3, 10, 97, 1_000_000 };
		for (long period : periods) {
			for (long capacity : capacities) {
				String field = policy(capacity, Duration.ofMillis(period));
				assertThat(field).matches(SF_LIST);
				Matcher numbers = QUOTA_AND_WINDOW.matcher(field);
				assertThat(numbers.find()).isTrue();
				long quota = Long.parseLong(numbers.group(1));
				long windowMillis = Long.parseLong(numbers.group(2)) * 1000;
				assertThat(windowMillis).as(field).isGreaterThanOrEqualTo(period).isLessThan(period + 1000);
				assertThat(quota * period).as("%s for %d per %d ms: no faster than the limit", field, capacity, period)
					.isLessThanOrEqualTo(capacity * windowMillis);
				assertThat((quota + 1) * period).as("%s for %d per %d ms: rounded down by less than one permit", field,
						capacity, period)
					.isGreaterThan(capacity * windowMillis);
			}
		}
	}

	@Test
	void severalLimitsMakeOneStructuredList() {
		MockHttpServletResponse response = new MockHttpServletResponse();
		new RateLimitResponses(true, false, List::of).writeHeaders(response,
				List.of(enforcement("per-ip", 10, Duration.ofMillis(250)), enforcement("global", 10, Duration.ofMillis(1500))));
		assertThat(response.getHeader("RateLimit-Policy")).isEqualTo("\"per-ip\";q=40;w=1, \"global\";q=13;w=2")
			.matches(SF_LIST);
		assertThat(response.getHeader("RateLimit")).matches(SF_LIST);
	}

	@Test
	void aLimitOfSeveralRatesAnnouncesEachRateAndReportsTheOneItsDecisionReports() {
		Limit limit = Limit.builder(Algorithm.TOKEN_BUCKET).rate(10, Duration.ofMillis(250)).rate(100, Duration.ofMinutes(1))
			.rate(1000, Duration.ofMillis(3_600_500)).build();
		Decision decision = Decision.of(true, 100, 4, 0, 59_001, 0, false, false, 1, null);
		MockHttpServletResponse response = new MockHttpServletResponse();
		new RateLimitResponses(true, true, List::of).writeHeaders(response,
				List.of(new Enforcement("api", LimitPlanResolver.DEFAULT_PLAN, limit, decision, true, decision)));
		assertThat(response.getHeader("RateLimit-Policy"))
			.isEqualTo("\"api/250ms\";q=40;w=1, \"api/60s\";q=100;w=60, \"api/3600500ms\";q=1000;w=3601")
			.matches(SF_LIST);
		assertThat(response.getHeader("RateLimit")).isEqualTo("\"api/60s\";r=4;t=60").matches(SF_LIST);
		assertThat(response.getHeader("X-RateLimit-Limit")).isEqualTo("100");
		assertThat(response.getHeader("X-RateLimit-Remaining")).isEqualTo("4");
	}

	@Test
	void aCalendarRateAnnouncesItsCapacityPerNominalWindowAndTheRealTimeToItsReset() {
		// a quota past the 15 digits of a structured field's integer is announced as the largest one
		Limit limit = Limit.builder(Algorithm.FIXED_WINDOW).rate(10, Duration.ofMinutes(1))
			.rate(Rate.ofCalendar(Limit.MAX_CALENDAR_CAPACITY, CalendarPeriod.MONTH)).build();
		Decision decision = Decision.of(true, Limit.MAX_CALENDAR_CAPACITY, Limit.MAX_CALENDAR_CAPACITY - 1, 0,
				3_600_001, 0, false, false, 1, null);
		MockHttpServletResponse response = new MockHttpServletResponse();
		new RateLimitResponses(true, false, List::of).writeHeaders(response,
				List.of(new Enforcement("quota", LimitPlanResolver.DEFAULT_PLAN, limit, decision, true, decision)));
		assertThat(response.getHeader("RateLimit-Policy"))
			.isEqualTo("\"quota/60s\";q=10;w=60, \"quota/month\";q=999999999999999;w=2678400")
			.matches(SF_LIST);
		assertThat(response.getHeader("RateLimit")).isEqualTo("\"quota/month\";r=999999999999999;t=3601")
			.matches(SF_LIST);
	}

	private static String policy(long capacity, Duration period) {
		MockHttpServletResponse response = new MockHttpServletResponse();
		new RateLimitResponses(true, false, List::of).writeHeaders(response, List.of(enforcement("p", capacity, period)));
		return response.getHeader("RateLimit-Policy");
	}

	private static Enforcement enforcement(String name, long capacity, Duration period) {
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, capacity, period);
		Decision decision = Decision.allowed(capacity, capacity - 1, period.toMillis());
		return new Enforcement(name, "default", limit, decision, true, decision);
	}

}
