package io.limiter.jmh;

import io.limiter.ConcurrencyPermit;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The Redis states of the calendar quota and concurrency variants of {@link RedisLimiterBenchmark}, on a server of
 * their own, so that no earlier run has spent the day's quota.
 */
class RedisKindsStateIntegrationTests {

	private RedisServerProcess server;

	private RedisBenchmarkState shared;

	@BeforeEach
	void open() {
		this.server = RedisFixtures.startStandalone();
		this.shared = new RedisBenchmarkState();
		this.shared.redis = this.server.uri();
		this.shared.open(BenchmarkParamsFixture.limitParams("hot_key", 2));
	}

	@AfterEach
	void close() {
		try {
			this.shared.close();
		}
		finally {
			this.server.stop();
		}
	}

	@Test
	void theCalendarAndThePeriodQuotaCountTheDayInKeysOfTheirOwn() {
		RedisQuotaState state = new RedisQuotaState();
		state.open(this.shared);
		try {
			for (int i = 0; i < 2; i++) {
				assertThat(state.calendarDay.tryAcquire("hot").isAllowed()).isTrue();
			}
			assertThat(state.calendarDay.tryAcquire("hot").isAllowed()).isFalse();
			assertThat(state.calendarDay.tryAcquire("hot").resetAfterMillis()).isGreaterThan(0)
				.isLessThanOrEqualTo(86_400_000);
			assertThat(state.fixedWindowDay.tryAcquire("hot").isAllowed()).isTrue();
		}
		finally {
			state.close();
		}
	}

	@Test
	void aConcurrencyRunWhosePermitsWereClosedEndsCleanly() {
		RedisConcurrencyState state = open(1);
		for (int i = 0; i < 3; i++) {
			try (ConcurrencyPermit permit = state.limiter.tryAcquire("hot")) {
				assertThat(permit.isAllowed()).isTrue();
				assertThat(state.limiter.inFlight("hot")).isEqualTo(1);
				assertThat(state.limiter.tryAcquire("hot").isAllowed()).as("the limit of 1 in flight holds").isFalse();
			}
			assertThat(state.limiter.inFlight("hot")).isZero();
		}
		assertThatNoException().as("the run's check finds nothing in flight").isThrownBy(state::close);
	}

	@Test
	void aConcurrencyRunThatLeftAPermitInFlightFailsNamingTheKey() {
		RedisConcurrencyState state = open(1);
		ConcurrencyPermit held = state.limiter.tryAcquire("hot");
		assertThat(held.isAllowed()).isTrue();
		assertThat(state.limiter.tryAcquire("hot").isAllowed()).isFalse();
		assertThatIllegalStateException().isThrownBy(state::close)
			.withMessageStartingWith("concurrency limit 'bench-concurrency' has 1 permit(s) of key 'hot' in flight");
	}

	private RedisConcurrencyState open(long maxInFlight) {
		RedisConcurrencyState state = new RedisConcurrencyState();
		state.open(this.shared, BenchmarkParamsFixture.concurrencyParams("hot_key", maxInFlight, 16));
		return state;
	}

}
