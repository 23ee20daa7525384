package io.limiter.contract;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

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
import static org.assertj.core.api.Assertions.within;

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
			RateLimiter limiter = backend.limiter("server-time-day-" + System.nanoTime(), Limit.builder()
				.algorithm(Algorithm.FIXED_WINDOW)
				.rate(Rate.ofCalendar(5, CalendarPeriod.DAY))
				.build());
			Decision grant = limiter.tryAcquire("k", 5);
			long nextMidnight = LocalDate.now(ZoneOffset.UTC).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()
				.toEpochMilli();
			assertThat(grant.isAllowed()).isTrue();
			// the server's clock and this process's are the same machine's: a second covers the call
			assertThat(grant.resetAfterMillis())
				.isCloseTo(nextMidnight - Instant.now().toEpochMilli(), within(Duration.ofSeconds(1).toMillis()));
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
		}
	}

}
