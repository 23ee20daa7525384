package io.limiter;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

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

	/**
	 * The time of the local fallback's decisions, which stands still: on the system clock a test's decisions of a
	 * share of 5 per second would find a permit back every 200 ms of a busy machine, and those of a window of an hour
	 * (aligned to the epoch) could fall on either side of the hour's end.
	 */
	private static final LimiterClock HALF_PAST_TEN = () -> Instant.parse("2026-01-01T10:30:00Z").toEpochMilli();

	@Test
	void failOpenAllowsWhileRedisIsUnreachable() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_OPEN).build()) {
			Decision decision = byThePolicy(() -> backend.limiter("open", TEN_PER_SECOND).tryAcquire("k", 1));
			assertThat(decision.isAllowed()).isTrue();
			assertThat(decision.remaining()).isEqualTo(9);
		}
	}

	@Test
	void failClosedDeniesWhileRedisIsUnreachable() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_CLOSED).build()) {
			Decision decision = byThePolicy(() -> backend.limiter("closed", TEN_PER_SECOND).tryAcquire("k", 1));
			assertThat(decision.isAllowed()).isFalse();
			assertThat(decision.retryAfterMillis()).isBetween(1L, 1000L);
		}
	}

	@Test
	void thePolicysOwnDecisionsOfSeveralRatesReportTheRateOfTheSmallestCapacity() throws Exception {
		Limit limit = Limit.builder(Algorithm.TOKEN_BUCKET).rate(10, Duration.ofSeconds(1)).rate(4, Duration.ofHours(1)).build();
		try (RedisBackend open = unreachable(FailurePolicy.FAIL_OPEN).build();
				RedisBackend closed = unreachable(FailurePolicy.FAIL_CLOSED).build()) {
			Decision allowed = byThePolicy(() -> open.limiter("open-rates", limit).tryAcquire("k", 1));
			assertThat(allowed.isAllowed()).isTrue();
			assertThat(allowed.rate()).isEqualTo(1);
			assertThat(allowed.limit()).isEqualTo(4);
			assertThat(allowed.remaining()).isEqualTo(3);
			Decision denied = byThePolicy(() -> closed.limiter("closed-rates", limit).tryAcquire("k", 1));
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
				assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).isTrue();
			}
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
			assertThat(byThePolicy(() -> limiter.tryAcquire("other", 1)).isAllowed()).isTrue();
		}
	}

	@Test
	void localFallbackSharesEachRateOfALimitRoundedUp() throws Exception {
		Limit limit = Limit.builder(Algorithm.TOKEN_BUCKET).rate(3, Duration.ofHours(1)).rate(3, Duration.ofHours(10)).build();
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(2).build()) {
			RateLimiter limiter = backend.limiter("fallback-rates", limit);
			Decision first = byThePolicy(() -> limiter.tryAcquire("k", 2));
			assertThat(first.isAllowed()).isTrue();
			assertThat(first.isDegraded()).isTrue();
			assertThat(first.limit()).as("the first rate's share, ceil(3 / 2)").isEqualTo(2);
			assertThat(first.remaining()).isZero();
			Decision denied = byThePolicy(() -> limiter.tryAcquire("k", 1));
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
			Decision denied = byThePolicy(() -> backend.limiter("above-share", Limit.of(algorithm, 10, Duration.ofSeconds(1)))
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
			Decision basic = byThePolicy(() -> plans.get(0).tryAcquire("moving", 1));
			assertThat(basic.isDegraded()).isTrue();
			assertThat(basic.remaining()).as("half of 4").isEqualTo(1);
			Decision gold = byThePolicy(() -> plans.get(1).tryAcquire("moving", 1));
			assertThat(gold.isDegraded()).isTrue();
			assertThat(gold.remaining()).as("half of 10, 2 used").isEqualTo(3);
			assertThat(byThePolicy(() -> plans.get(0).tryAcquire("moving", 1)).isAllowed()).isFalse();
		}
	}

	@Test
	void theLocalFallbackDecidesOnTheLocalClock() throws Exception {
		AtomicLong now = new AtomicLong(HALF_PAST_TEN.millis());
		try (RedisBackend backend = unreachable(FailurePolicy.LOCAL_FALLBACK).fallbackInstances(1)
			.localClock(now::get)
			.build()) {
			RateLimiter limiter = backend.limiter("fallback-clock",
					Limit.of(Algorithm.FIXED_WINDOW, 1, Duration.ofHours(1)));
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).isTrue();
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
			now.addAndGet(Duration.ofHours(1).toMillis());
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).as("the next hour's window").isTrue();
		}
	}

	@Test
	void asyncDecisionsFollowThePolicyToo() throws Exception {
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_CLOSED).build()) {
			// the bound only keeps a hang from stalling the build: how fast the policy decides is the benchmarks' matter
			Decision decision = backend.limiter("async", TEN_PER_SECOND)
				.tryAcquireAsync("k", 1)
				.toCompletableFuture()
				.get(30, TimeUnit.SECONDS);
			assertThat(decision.isDegraded()).as("decided by the failure policy").isTrue();
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
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
			limiter.addPermits("k", 2);
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 2)).isAllowed()).isTrue();
			limiter.resetAsync("k").toCompletableFuture().get(1, TimeUnit.SECONDS);
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 5)).isAllowed()).as("a fresh share of 5").isTrue();
			limiter.penalize("other", 5);
			assertThat(byThePolicy(() -> limiter.tryAcquire("other", 1)).isAllowed()).isFalse();
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
			Decision first = byThePolicy(() -> limiter.tryAcquire("k", 2));
			assertThat(first.isDegraded()).isTrue();
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 3)).isAllowed()).isTrue();
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).as("the share of 5 is spent").isFalse();
			limiter.refund("k", first);
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 2)).isAllowed()).isTrue();
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 1)).isAllowed()).isFalse();
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
			Decision grant = byThePolicy(() -> limiter.tryAcquire("k", 2));
			assertThat(grant.isDegraded()).isTrue();
			assertThat(byThePolicy(() -> limiter.tryAcquire("other", 5)).isAllowed()).isTrue();
			assertThat(byThePolicy(() -> another.tryAcquire("k", 5)).isAllowed()).isTrue();
			assertThatIllegalArgumentException().isThrownBy(() -> limiter.refund("other", grant))
				.withMessageContainingAll("key 'other'", "limit 'refund-fallback-key'", "key 'k'");
			assertThatIllegalArgumentException().isThrownBy(() -> another.refundAsync("k", grant))
				.withMessageContainingAll("limit 'refund-fallback-other'", "limit 'refund-fallback-key'");
			assertThat(byThePolicy(() -> limiter.tryAcquire("other", 1)).isAllowed()).as("the share of 5 is spent").isFalse();
			assertThat(byThePolicy(() -> another.tryAcquire("k", 1)).isAllowed()).as("the share of 5 is spent").isFalse();
			assertThat(outcomes).isEmpty();
			limiter.refund("k", grant);
			assertThat(byThePolicy(() -> limiter.tryAcquire("k", 5)).isAllowed()).isTrue();
			assertThat(outcomes).containsExactly(AdminOperation.Outcome.FALLBACK);
		}
	}

	@Test
	void adminOperationsFailWhileRedisIsUnreachableUnderTheOtherPolicies() {
		List<AdminOperation.Outcome> outcomes = new CopyOnWriteArrayList<>();
		try (RedisBackend backend = unreachable(FailurePolicy.FAIL_OPEN).observer(adminOutcomes(outcomes)).build()) {
			RateLimiter limiter = backend.limiter("admin-open", TEN_PER_SECOND);
			assertThatExceptionOfType(LimiterBackendException.class).isThrownBy(() -> limiter.reset("k"));
			assertThat(limiter.addPermitsAsync("k", 1).toCompletableFuture())
				.failsWithin(Duration.ofSeconds(1))
				.withThrowableOfType(ExecutionException.class)
				.withCauseInstanceOf(LimiterBackendException.class);
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
			.failurePolicy(policy)
			.localClock(HALF_PAST_TEN);
	}

	private static int unusedPort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Makes a decision while Redis cannot be reached, and checks that the failure policy made it. The call is not
	 * timed: the limiter bounds its wait for Redis (the first attempt to connect, ended by that attempt's failure or
	 * by the call's deadline, see {@code LettuceScriptExecutorFirstConnectionTests}, and a synchronous wait of twice
	 * the timeout), not the work of the calling thread around it, which a busy machine stretches at will: the first
	 * decision of this class took 919 ms of a former bound of 1 s with two busy loops beside it.
	 */
	private static Decision byThePolicy(Supplier<Decision> call) {
		Decision decision = call.get();
		assertThat(decision.isDegraded()).as("decided by the failure policy").isTrue();
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
