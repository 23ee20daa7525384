package io.limiter.contract;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The calendar quota vectors on a real Redis standalone (started by the shared fixture), with client time: the same
 * answers as in memory. And a calendar day on the server's {@code TIME}, the default.
 */
class StandaloneCalendarQuotaContractIntegrationTests extends CalendarQuotaContract {

	private static final BackendFixture FIXTURE = BackendFixture.standalone(RedisFixtures.contractStandalone());

	@Override
	protected BackendFixture fixture() {
		return FIXTURE;
	}

	@AfterAll
	static void deleteTheKeys() {
		FIXTURE.close();
	}

	@Test
	void onServerTimeADayEndsAtTheNextMidnightInUtc() throws InterruptedException {
		try (RedisBackend backend = RedisBackend.builder()
			.standalone(RedisFixtures.contractStandalone().uri())
			.namespace(FIXTURE.namespace())
			.timeout(BackendFixture.TEST_TIMEOUT)
			.minimumTimeout(BackendFixture.TEST_TIMEOUT)
			.build()) {
			assertThat(backend.awaitConnection(BackendFixture.TEST_TIMEOUT)).isTrue();
			RateLimiter limiter = backend.limiter("server-time-day-" + System.nanoTime(), Limit.builder(Algorithm.FIXED_WINDOW)
				.rate(Rate.ofCalendar(5, CalendarPeriod.DAY))
				.build());
			long day = Duration.ofDays(1).toMillis();
			long asked = Instant.now().toEpochMilli();
			Decision grant = limiter.tryAcquire("k", 5);
			assertThat(grant.isAllowed()).isTrue();
			assertThat(grant.resetAfterMillis()).isPositive().isLessThanOrEqualTo(day);
			// the server's clock and this process's are the same machine's: a second covers the call; the day is
			// the one of the server's reading, which a midnight between the two readings may make the next one
			long end = Math.floorMod(asked + grant.resetAfterMillis(), day);
			assertThat(Math.min(end, day - end)).as("the window ends at a midnight in UTC")
				.isLessThan(Duration.ofSeconds(1).toMillis());
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
		}
	}

}
