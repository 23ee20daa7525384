package io.limiter;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every decision of a limiter reaches the backend's observer once, whoever made it: memory, Redis, the local tier or
 * the failure policy, synchronously or not; only those that went to Redis are timed.
 */
class DecisionObserverIntegrationTests {

	private static final Limit FIVE_PER_MINUTE = Limit.of(Algorithm.TOKEN_BUCKET, 5, Duration.ofMinutes(1));

	private final Recorder recorder = new Recorder();

	@Test
	void inMemoryReportsEachDecisionOnceUntimedAndNoLook() throws Exception {
		RateLimiter limiter = InMemoryBackend.builder().observer(this.recorder).build().limiter("memory", FIVE_PER_MINUTE);
		Decision allowed = limiter.tryAcquire("k", 5);
		Decision denied = limiter.tryAcquireAsync("k", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
		limiter.peek("k");
		limiter.reset("k");
		assertThat(this.recorder.decisions).extracting(Reported::decision).containsExactly(allowed, denied);
		assertThat(this.recorder.decisions).allSatisfy((reported) -> {
			assertThat(reported.limitName()).isEqualTo("memory");
			assertThat(reported.limit()).isSameAs(FIVE_PER_MINUTE);
			assertThat(reported.nanos()).isZero();
		});
	}

	@Test
	void acquireReportsEachAttemptWhileItWaits() throws Exception {
		// no reservations, and the permits come back 100 ms after they were taken, wherever a window would end
		Limit twoPerHundredMillis = Limit.of(Algorithm.SLIDING_WINDOW_LOG, 2, Duration.ofMillis(100));
		RateLimiter limiter = InMemoryBackend.builder().observer(this.recorder).build().limiter("wait", twoPerHundredMillis);
		limiter.tryAcquire("k", 2);
		Decision waited = limiter.tryAcquire("k", 1, Duration.ofSeconds(5));
		assertThat(waited.isAllowed()).isTrue();
		assertThat(this.recorder.decisions).hasSizeGreaterThanOrEqualTo(3);
		assertThat(this.recorder.decisions.get(1).decision().isAllowed()).isFalse();
		assertThat(this.recorder.decisions.get(this.recorder.decisions.size() - 1).decision()).isSameAs(waited);
	}

	@Test
	void redisReportsEachDecisionOnceWithThePlanThatDecided() throws Exception {
		Limit basic = Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofMinutes(1));
		Limit gold = Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofMinutes(1));
		try (RedisBackend backend = RedisBackend.builder().standalone(RedisFixtures.standalone().uri())
			.observer(this.recorder)
			.build()) {
			List<RateLimiter> plans = backend.limiters(uniqueName("plans"), List.of(basic, gold),
					LimiterOptions.builder().localTier(LocalTier.none()).build());
			Decision basicAllowed = plans.get(0).tryAcquire("k", 1);
			Decision goldAllowed = plans.get(1).tryAcquireAsync("k", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
			Decision basicDenied = plans.get(0).tryAcquire("k", 1);
			assertThat(this.recorder.decisions).extracting(Reported::decision)
				.containsExactly(basicAllowed, goldAllowed, basicDenied);
			assertThat(this.recorder.decisions).extracting(Reported::limit).containsExactly(basic, gold, basic);
			assertThat(this.recorder.decisions).noneMatch((reported) -> reported.decision().isLocal());
			assertThat(this.recorder.decisions).allMatch((reported) -> reported.nanos() > 0);
		}
	}

	@Test
	void localTierDecisionsAreReportedAsLocalAndUntimed() {
		try (RedisBackend backend = RedisBackend.builder().standalone(RedisFixtures.standalone().uri())
			.observer(this.recorder)
			.build()) {
			RateLimiter limiter = backend.limiter(uniqueName("block"), Limit.of(Algorithm.GCRA, 1, Duration.ofMinutes(1)),
					LimiterOptions.builder().localTier(LocalTier.block()).build());
			Decision byRedis = limiter.tryAcquire("k", 1);
			Decision refusedByRedis = limiter.tryAcquire("k", 1);
			Decision blocked = limiter.tryAcquire("k", 1);
			assertThat(this.recorder.decisions).extracting(Reported::decision)
				.containsExactly(byRedis, refusedByRedis, blocked);
			assertThat(blocked.isLocal()).isTrue();
			assertThat(byRedis.isLocal()).isFalse();
			assertThat(this.recorder.decisions).extracting(Reported::nanos)
				.satisfiesExactly((first) -> assertThat(first).isPositive(),
						(second) -> assertThat(second).isPositive(), (third) -> assertThat(third).isZero());
		}
	}

	@Test
	void theFailurePolicysDecisionIsReportedOnceAfterTheFailure() throws Exception {
		try (RedisBackend backend = RedisBackend.builder().standalone("redis://127.0.0.1:" + unusedPort())
			.timeout(Duration.ofMillis(200))
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.observer(this.recorder)
			.build()) {
			RateLimiter limiter = backend.limiter("down", FIVE_PER_MINUTE);
			Decision sync = limiter.tryAcquire("k", 1);
			Decision async = limiter.tryAcquireAsync("k", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
			assertThat(this.recorder.decisions).extracting(Reported::decision).containsExactly(sync, async);
			assertThat(this.recorder.decisions).allMatch((reported) -> reported.decision().isDegraded());
			assertThat(this.recorder.decisions).allMatch((reported) -> reported.nanos() > 0);
			assertThat(this.recorder.events).containsExactly("failure", "decision", "failure", "decision");
		}
	}

	private static String uniqueName(String prefix) {
		return prefix + "-" + System.nanoTime();
	}

	private static int unusedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private record Reported(String limitName, Limit limit, Decision decision, long nanos) {
	}

	private static final class Recorder implements LimiterObserver {

		private final List<Reported> decisions = new CopyOnWriteArrayList<>();

		private final List<String> events = new CopyOnWriteArrayList<>();

		@Override
		public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
			this.decisions.add(new Reported(limitName, limit, decision, nanos));
			this.events.add("decision");
		}

		@Override
		public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
			this.events.add("failure");
		}

	}

}
