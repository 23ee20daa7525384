package io.limiter.jmh;

import io.limiter.ConcurrencyPermit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * The in-memory states of the calendar quota and concurrency variants of {@link LocalLimiterBenchmark}.
 */
class InMemoryKindsStateTests {

	@Test
	void theCalendarAndThePeriodQuotaEachGrantTheBurstOfTheDayOnTheirOwn() {
		InMemoryQuotaState state = new InMemoryQuotaState();
		state.open(BenchmarkParamsFixture.limitParams("hot_key", 2));
		try {
			assertThat(state.calendarDay.limit()).isEqualTo(new BenchmarkLimit(2, 1).calendarDay());
			assertThat(state.fixedWindowDay.limit()).isEqualTo(new BenchmarkLimit(2, 1).fixedWindowDay());
			for (int i = 0; i < 2; i++) {
				assertThat(state.calendarDay.tryAcquire("hot").isAllowed()).isTrue();
			}
			assertThat(state.calendarDay.tryAcquire("hot").isAllowed()).isFalse();
			assertThat(state.fixedWindowDay.tryAcquire("hot").isAllowed()).isTrue();
		}
		finally {
			state.close();
		}
	}

	@Test
	void aConcurrencyRunWhosePermitsWereClosedEndsCleanly() {
		InMemoryConcurrencyState state = open("per_user", 1, 2);
		for (String key : new String[] { "user-0", "user-1", "user-0" }) {
			try (ConcurrencyPermit permit = state.limiter.tryAcquire(key)) {
				assertThat(permit.isAllowed()).isTrue();
				assertThat(state.limiter.inFlight(key)).isEqualTo(1);
				assertThat(state.limiter.tryAcquire(key).isAllowed()).as("the limit of 1 in flight holds").isFalse();
			}
			assertThat(state.limiter.inFlight(key)).isZero();
		}
		assertThatNoException().as("the run's check finds nothing in flight").isThrownBy(state::close);
	}

	@Test
	void aConcurrencyRunThatLeftAPermitInFlightFailsNamingTheKey() {
		InMemoryConcurrencyState state = open("hot_key", 1, 16);
		ConcurrencyPermit held = state.limiter.tryAcquire("hot");
		assertThat(state.limiter.tryAcquire("hot").isAllowed()).isFalse();
		assertThatIllegalStateException().isThrownBy(state::close)
			.withMessage("concurrency limit 'local-concurrency' has 1 permit(s) of key 'hot' in flight after the "
					+ "run, though the benchmark closed every permit it took");
		held.close();
	}

	private static InMemoryConcurrencyState open(String scenario, long maxInFlight, int threads) {
		ConcurrencyParams params = BenchmarkParamsFixture.concurrencyParams(scenario, maxInFlight, threads);
		InMemoryConcurrencyState state = new InMemoryConcurrencyState();
		state.open(params);
		return state;
	}

}
