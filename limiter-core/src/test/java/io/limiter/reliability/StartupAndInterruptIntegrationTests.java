package io.limiter.reliability;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A backend used at once after {@code build()}, as the README's example does, decides in Redis: its first
 * decisions wait for the connection within their deadline instead of going to the failure policy. And a caller
 * interrupted while it waits for a hung Redis gets a degraded decision, but its interruption says nothing about
 * Redis and opens no circuit breaker.
 */
class StartupAndInterruptIntegrationTests {

	private static final Limit THREE_PER_HOUR = Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofHours(1));

	@Test
	void aBackendUsedRightAfterBuildDecidesInRedis() {
		for (String topology : List.of("standalone", "cluster")) {
			RedisBackendBuilder builder = topology.equals("standalone")
					? RedisBackend.builder().standalone(RedisFixtures.standalone().uri())
					: RedisBackend.builder().cluster(RedisFixtures.cluster().seedNodes());
			try (RedisBackend backend = builder.build()) {
				RateLimiter limiter = backend.limiter("startup", THREE_PER_HOUR);
				String key = topology + "-" + System.nanoTime();
				List<Decision> decisions = new ArrayList<>();
				for (int i = 0; i < 10; i++) {
					decisions.add(limiter.tryAcquire(key));
				}
				assertThat(decisions).as(topology).noneMatch(Decision::isDegraded);
				assertThat(decisions.stream().filter(Decision::isAllowed)).as(topology).hasSize(3);
			}
		}
	}

	@Test
	void anInterruptedCallerGetsAPolicyDecisionAndOpensNoBreaker() throws Exception {
		RecordingObserver observer = new RecordingObserver();
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = RedisBackend.builder()
					.standalone(redis.uri())
					.failurePolicy(FailurePolicy.FAIL_CLOSED)
					.circuitBreaker(2, Duration.ofMinutes(5))
					.timeout(Duration.ofSeconds(5))
					.observer(observer)
					.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(5))).isTrue();
			RateLimiter limiter = backend.limiter("interrupted", THREE_PER_HOUR);
			assertThat(limiter.tryAcquire("warm-up").isDegraded()).isFalse();
			signal("STOP", redis.pid());
			try {
				for (int i = 0; i < 5; i++) {
					Thread.currentThread().interrupt();
					long started = System.nanoTime();
					Decision decision = limiter.tryAcquire("k");
					assertThat(Thread.interrupted()).as("the interrupt flag is kept").isTrue();
					assertThat(decision.isDegraded()).isTrue();
					assertThat(decision.isAllowed()).isFalse();
					assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
				}
				assertThat(observer.reasons()).containsOnly(DegradedReason.INTERRUPTED).hasSize(5);
				assertThat(backend.isCircuitOpen()).as("interruptions open no breaker").isFalse();
			}
			finally {
				signal("CONT", redis.pid());
			}
		}
	}

	private static void signal(String signal, long pid) throws IOException, InterruptedException {
		Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
		assertThat(kill.waitFor(5, TimeUnit.SECONDS)).isTrue();
	}

}
