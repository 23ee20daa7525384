package io.limiter.jmh.check;

import java.time.Duration;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.jmh.Scenario;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OverGrantRunTests {

	private static final Limit TEN_PER_SECOND = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	private static OverGrantRun.Result runInMemory(Scenario scenario, int threads) throws InterruptedException {
		RateLimiter limiter = InMemoryBackend.builder().build().limiter("run", TEN_PER_SECOND);
		return new OverGrantRun(TEN_PER_SECOND, scenario, threads, Duration.ofSeconds(1), LimiterClock.system())
			.run((key, tally) -> limiter.tryAcquire(key).isAllowed(), "run:");
	}

	@Test
	void aCorrectLimiterStaysWithinItsBoundAndUsesMostOfIt() throws InterruptedException {
		OverGrantRun.Result result = runInMemory(Scenario.HOT_KEY, 8);
		assertThat(result.allowed()).isLessThanOrEqualTo(result.max()).isGreaterThanOrEqualTo(result.max() * 8 / 10);
		assertThat(result.max()).isBetween(20L, 22L);
		assertThat(result.errors()).isZero();
	}

	@Test
	void perUserBudgetsEveryKey() throws InterruptedException {
		OverGrantRun.Result result = runInMemory(Scenario.PER_USER, 4);
		assertThat(result.max()).isBetween(80L, 88L);
		assertThat(result.allowed()).isLessThanOrEqualTo(result.max()).isGreaterThanOrEqualTo(result.max() * 8 / 10);
	}

	@Test
	void anOverGrantingImplementationExceedsTheBoundAndFailuresCountAsErrors() throws InterruptedException {
		OverGrantRun run = new OverGrantRun(TEN_PER_SECOND, Scenario.HOT_KEY, 2, Duration.ofSeconds(1),
				LimiterClock.system());
		OverGrantRun.Result everything = run.run((key, tally) -> true, "c:");
		assertThat(everything.allowed()).isGreaterThan(everything.max());
		OverGrantRun.Result failing = run.run((key, tally) -> {
			throw new IllegalStateException("down");
		}, "d:");
		assertThat(failing.allowed()).isZero();
		assertThat(failing.errors()).isPositive();
		OverGrantRun.Result aborting = run.run((key, tally) -> {
			tally.aborted();
			return false;
		}, "e:");
		assertThat(aborting.errors()).isPositive();
	}

}
