package io.limiter;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.DegradedReason;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What the failure policies decide when Redis is unreachable, fails, or comes back.
 */
class FailurePolicyIntegrationTests {

	private static final Limit TEN_PER_SECOND = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	private static final Duration TIMEOUT = Duration.ofMillis(200);

	@Test
	void failOpenAllowsWhileRedisIsUnreachable() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_OPEN).build()) {
			Decision decision = timed(() -> backend.limiter("open", TEN_PER_SECOND).tryAcquire("k", 1));
			assertThat(decision.isAllowed()).isTrue();
			assertThat(decision.remaining()).isEqualTo(9);
		}
	}

	@Test
	void failClosedDeniesWhileRedisIsUnreachable() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_CLOSED).build()) {
			Decision decision = timed(() -> backend.limiter("closed", TEN_PER_SECOND).tryAcquire("k", 1));
			assertThat(decision.isAllowed()).isFalse();
			assertThat(decision.retryAfterMillis()).isBetween(1L, 1000L);
		}
	}

	@Test
	void thePolicysOwnDecisionsOfSeveralRatesReportTheRateOfTheSmallestCapacity() throws Exception {
		Limit limit = Limit.builder().rate(10, Duration.ofSeconds(1)).rate(4, Duration.ofHours(1)).build();
		try (RedisBackend open = unreachable(FailurePolicy.FAIL_OPEN).build();
				RedisBackend closed = unreachable(FailurePolicy.FAIL_CLOSED).build()) {
			Decision allowed = timed(() -> open.limiter("open-rates", limit).tryAcquire("k", 1));
			assertThat(allowed.isAllowed()).isTrue();
			assertThat(allowed.rate()).isEqualTo(1);
			assertThat(allowed.limit()).isEqualTo(4);
			assertThat(allowed.remaining()).isEqualTo(3);
			Decision denied = timed(() -> closed.limiter("closed-rates", limit).tryAcquire("k", 1));
			assertThat(denied.isAllowed()).isFalse();
			assertThat(denied.rate()).isEqualTo(1);
			assertThat(denied.limit()).isEqualTo(4);
			assertThat(denied.retryAfterMillis()).isBetween(1L, 1000L);
		}
	}

	@Test
	void localFallbackSharesTheCapacityAmongInstances() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2).build()) {
			RateLimiter limiter = backend.limiter("fallback", TEN_PER_SECOND);
			for (int i = 0; i < 5; i++) {
				assertThat(timed(() -> limiter.tryAcquire("k", 1)).isAllowed()).isTrue();
			}
			assertThat(timed(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
			assertThat(timed(() -> limiter.tryAcquire("other", 1)).isAllowed()).isTrue();
		}
	}

	@Test
	void localFallbackSharesEachRateOfALimitRoundedUp() throws Exception {
		Limit limit = Limit.builder().rate(3, Duration.ofHours(1)).rate(3, Duration.ofHours(10)).build();
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2).build()) {
			RateLimiter limiter = backend.limiter("fallback-rates", limit);
			Decision first = timed(() -> limiter.tryAcquire("k", 2));
			assertThat(first.isAllowed()).isTrue();
			assertThat(first.isDegraded()).isTrue();
			assertThat(first.limit()).as("the first rate's share, ceil(3 / 2)").isEqualTo(2);
			assertThat(first.remaining()).isZero();
			Decision denied = timed(() -> limiter.tryAcquire("k", 1));
			assertThat(denied.isAllowed()).isFalse();
			assertThat(denied.rate()).as("the ten hours' share, ceil(3 / 2), refuses longer").isEqualTo(1);
			assertThat(denied.limit()).isEqualTo(2);
			assertThat(denied.remaining()).isZero();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aRequestAboveTheShareIsDeniedWithATimeToComeBack(Algorithm algorithm) throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2).build()) {
			Decision denied = timed(() -> backend.limiter("above-share", Limit.of(algorithm, 10, Duration.ofSeconds(1)))
				.tryAcquire("k", 7));
			assertThat(denied.isAllowed()).as("7 of a share of 5").isFalse();
			assertThat(denied.isDegraded()).isTrue();
			assertThat(denied.limit()).isEqualTo(5);
			assertThat(denied.retryAfterMillis()).isPositive();
		}
	}

	@Test
	void plansFallBackOnTheirOwnShareAndAKeyKeepsItsFallbackStateAcrossThem() throws Exception {
		Duration hour = Duration.ofHours(1);
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2).build()) {
			List<RateLimiter> plans = backend.limiters("fallback-plans",
					List.of(Limit.of(Algorithm.FIXED_WINDOW, 4, hour), Limit.of(Algorithm.FIXED_WINDOW, 10, hour)),
					LimiterOptions.defaults());
			Decision basic = timed(() -> plans.get(0).tryAcquire("moving", 1));
			assertThat(basic.isDegraded()).isTrue();
			assertThat(basic.remaining()).as("half of 4").isEqualTo(1);
			Decision gold = timed(() -> plans.get(1).tryAcquire("moving", 1));
			assertThat(gold.isDegraded()).isTrue();
			assertThat(gold.remaining()).as("half of 10, 2 used").isEqualTo(3);
			assertThat(timed(() -> plans.get(0).tryAcquire("moving", 1)).isAllowed()).isFalse();
		}
	}

	@Test
	void asyncDecisionsFollowThePolicyToo() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_CLOSED).build()) {
			Decision decision = backend.limiter("async", TEN_PER_SECOND)
				.tryAcquireAsync("k", 1)
				.toCompletableFuture()
				.get(1, TimeUnit.SECONDS);
			assertThat(decision.isAllowed()).isFalse();
		}
	}

	@Test
	void theObserverHearsOfFailuresAndTheBreakerOpens() {
		List<FailurePolicy> failures = new CopyOnWriteArrayList<>();
		LimiterObserver observer = new LimiterObserver() {

			@Override
			public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
				failures.add(policy);
			}

		};
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_OPEN).observer(observer)
			.circuitBreaker(3, Duration.ofMinutes(1))
			.build()) {
			RateLimiter limiter = backend.limiter("observed", TEN_PER_SECOND);
			for (int i = 0; i < 10; i++) {
				limiter.tryAcquire("k", 1);
			}
			assertThat(failures).hasSize(10).containsOnly(FailurePolicy.FAIL_OPEN);
			assertThat(backend.isCircuitOpen()).isTrue();
		}
	}

	@Test
	void adminOperationsApplyToTheLocalShareWhileRedisIsUnreachableUnderLocalFallback() throws Exception {
		List<AdminOperation.Outcome> outcomes = new CopyOnWriteArrayList<>();
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2)
			.observer(adminOutcomes(outcomes))
			.build()) {
			RateLimiter limiter = backend.limiter("admin-fallback", TEN_PER_SECOND);
			for (int i = 0; i < 5; i++) {
				limiter.tryAcquire("k", 1);
			}
			assertThat(timed(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
			limiter.refund("k", 2);
			assertThat(timed(() -> limiter.tryAcquire("k", 2)).isAllowed()).isTrue();
			limiter.resetAsync("k").toCompletableFuture().get(1, TimeUnit.SECONDS);
			assertThat(timed(() -> limiter.tryAcquire("k", 5)).isAllowed()).as("a fresh share of 5").isTrue();
			limiter.penalize("other", 5);
			assertThat(timed(() -> limiter.tryAcquire("other", 1)).isAllowed()).isFalse();
			assertThat(outcomes).containsExactly(AdminOperation.Outcome.FALLBACK, AdminOperation.Outcome.FALLBACK,
					AdminOperation.Outcome.FALLBACK);
		}
	}

	@Test
	void aGrantOfTheShareGoesBackToTheShareWhileRedisIsUnreachable() throws Exception {
		List<AdminOperation.Outcome> outcomes = new CopyOnWriteArrayList<>();
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2)
			.observer(adminOutcomes(outcomes))
			.build()) {
			RateLimiter limiter = backend.limiter("refund-fallback",
					Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofHours(1)));
			Decision first = timed(() -> limiter.tryAcquire("k", 2));
			assertThat(first.isDegraded()).isTrue();
			assertThat(timed(() -> limiter.tryAcquire("k", 3)).isAllowed()).isTrue();
			assertThat(timed(() -> limiter.tryAcquire("k", 1)).isAllowed()).as("the share of 5 is spent").isFalse();
			limiter.refund("k", first);
			assertThat(timed(() -> limiter.tryAcquire("k", 2)).isAllowed()).isTrue();
			assertThat(timed(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
			assertThat(outcomes).containsExactly(AdminOperation.Outcome.FALLBACK);
		}
	}

	@Test
	void aGrantOfTheShareGoesBackOnlyToItsLimiterAndKeyWhileRedisIsUnreachable() throws Exception {
		List<AdminOperation.Outcome> outcomes = new CopyOnWriteArrayList<>();
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofHours(1));
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2)
			.observer(adminOutcomes(outcomes))
			.build()) {
			RateLimiter limiter = backend.limiter("refund-fallback-key", limit);
			RateLimiter another = backend.limiter("refund-fallback-other", limit);
			Decision grant = timed(() -> limiter.tryAcquire("k", 2));
			assertThat(grant.isDegraded()).isTrue();
			assertThat(timed(() -> limiter.tryAcquire("other", 5)).isAllowed()).isTrue();
			assertThat(timed(() -> another.tryAcquire("k", 5)).isAllowed()).isTrue();
			assertThatIllegalArgumentException().isThrownBy(() -> limiter.refund("other", grant))
				.withMessageContainingAll("key 'other'", "limit 'refund-fallback-key'", "key 'k'");
			assertThatIllegalArgumentException().isThrownBy(() -> another.refundAsync("k", grant))
				.withMessageContainingAll("limit 'refund-fallback-other'", "limit 'refund-fallback-key'");
			assertThat(timed(() -> limiter.tryAcquire("other", 1)).isAllowed()).as("the share of 5 is spent").isFalse();
			assertThat(timed(() -> another.tryAcquire("k", 1)).isAllowed()).as("the share of 5 is spent").isFalse();
			assertThat(outcomes).isEmpty();
			limiter.refund("k", grant);
			assertThat(timed(() -> limiter.tryAcquire("k", 5)).isAllowed()).isTrue();
			assertThat(outcomes).containsExactly(AdminOperation.Outcome.FALLBACK);
		}
	}

	@Test
	void adminOperationsFailWhileRedisIsUnreachableUnderTheOtherPolicies() {
		List<AdminOperation.Outcome> outcomes = new CopyOnWriteArrayList<>();
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_OPEN).observer(adminOutcomes(outcomes)).build()) {
			RateLimiter limiter = backend.limiter("admin-open", TEN_PER_SECOND);
			assertThatExceptionOfType(RateLimiterException.class).isThrownBy(() -> limiter.reset("k"));
			assertThat(limiter.refundAsync("k", 1).toCompletableFuture())
				.failsWithin(Duration.ofSeconds(1))
				.withThrowableOfType(ExecutionException.class)
				.withCauseInstanceOf(RateLimiterException.class);
			assertThat(outcomes).containsExactly(AdminOperation.Outcome.FAILED, AdminOperation.Outcome.FAILED);
		}
	}

	private static LimiterObserver adminOutcomes(List<AdminOperation.Outcome> outcomes) {
		return new LimiterObserver() {

			@Override
			public void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
				outcomes.add(outcome);
			}

		};
	}

	@Test
	void recoversByItselfWhenRedisRestarts() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = RedisBackend.builder()
					.standalone(redis.uri())
					.timeout(TIMEOUT)
					.failurePolicy(FailurePolicy.FAIL_CLOSED)
					.circuitBreaker(2, Duration.ofMillis(200))
					.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(20))).isTrue();
			RateLimiter limiter = backend.limiter("restart", TEN_PER_SECOND);
			assertThat(limiter.tryAcquire("k", 3).remaining()).isEqualTo(7);
			redis.kill();
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
			redis.restart();
			assertThat(eventually(() -> limiter.tryAcquire("k", 1).isAllowed())).isTrue();
			assertThat(backend.isCircuitOpen()).isFalse();
		}
	}

	private static RedisBackendBuilder unreachable(FailurePolicy policy) {
		return RedisBackend.builder().standalone("redis://127.0.0.1:" + unusedPort()).timeout(TIMEOUT)
			.failurePolicy(policy);
	}

	private static int unusedPort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Decision timed(java.util.function.Supplier<Decision> call) {
		long started = System.nanoTime();
		Decision decision = call.get();
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
		return decision;
	}

	private static boolean eventually(java.util.function.BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
		while (System.nanoTime() < deadline) {
			if (condition.getAsBoolean()) {
				return true;
			}
			Thread.sleep(50);
		}
		return false;
	}

}
