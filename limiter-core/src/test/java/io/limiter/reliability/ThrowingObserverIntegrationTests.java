package io.limiter.reliability;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.AdminOperation;
import io.limiter.Algorithm;
import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterObserver;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.testsupport.LogCapture;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An observer whose every callback throws changes no decision of a limiter, in memory and on Redis, synchronous,
 * asynchronous or waiting, leaves no concurrency permit held, and is logged, naming its class and the callback.
 */
class ThrowingObserverIntegrationTests {

	private static final Limit TWO_PER_MINUTE = Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofMinutes(1));

	private static final ConcurrencyLimit ONE_IN_FLIGHT = ConcurrencyLimit.of(1, Duration.ofMinutes(1));

	@Test
	void inMemoryDecisionsAndPermitsAreThoseOfABackendWithoutObserver() throws Exception {
		try (LogCapture log = new LogCapture();
				InMemoryBackend backend = InMemoryBackend.builder().observer(new BuggyObserver()).build()) {
			decidesAsIfUnobserved(backend.limiter("memory", TWO_PER_MINUTE));
			releasesEveryPermit(backend.concurrencyLimiter("exports", ONE_IN_FLIGHT, LimiterOptions.defaults()));
			assertThat(log.lines()).anySatisfy((line) -> assertThat(line).startsWith("WARNING LimiterObserver "
					+ BuggyObserver.class.getName() + " threw in onDecision (limit 'memory')")
				.endsWith("java.lang.IllegalStateException: observer bug"));
		}
	}

	@Test
	void redisDecidesAndTheObserversExceptionsChangeNothing() throws Exception {
		String namespace = "throwing-observer-" + System.nanoTime();
		try (LogCapture log = new LogCapture();
				RedisBackend backend = RedisBackend.builder()
					.standalone(RedisFixtures.standalone().uri())
					.namespace(namespace)
					.failurePolicy(FailurePolicy.FAIL_CLOSED)
					.observer(new BuggyObserver())
					.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(20))).as("connected to the test Redis").isTrue();
			LimiterOptions noLocalTier = LimiterOptions.builder().localTier(LocalTier.none()).build();
			decidesAsIfUnobserved(backend.limiter("redis", TWO_PER_MINUTE, noLocalTier));
			ConcurrencyLimiter exports = backend.concurrencyLimiter("exports", ONE_IN_FLIGHT, noLocalTier);
			releasesEveryPermit(exports);
			assertThat(RedisAdmin.keys(RedisFixtures.standalone().uri(), "*" + namespace + "*"))
				.as("Redis decided, so the rate limit's state is in Redis")
				.anyMatch((key) -> key.contains("{redis:k}"));
			try (ConcurrencyPermit held = exports.tryAcquire("k")) {
				assertThat(held.isAllowed()).isTrue();
				assertThat(RedisAdmin.keys(RedisFixtures.standalone().uri(), "*" + namespace + "*"))
					.as("a permit in flight is held in Redis")
					.anyMatch((key) -> key.contains("{exports:k}"));
			}
			assertThat(log.lines()).anyMatch((line) -> line.contains(" threw in onRedisCall;"));
		}
	}

	/** Two permits per minute: two grants, then denials, whichever way they are asked for; none degraded. */
	private static void decidesAsIfUnobserved(RateLimiter limiter) throws Exception {
		Decision first = limiter.tryAcquire("k", 1);
		Decision second = limiter.tryAcquireAsync("k", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
		Decision third = limiter.tryAcquire("k", 1, Duration.ofMillis(100));
		Decision fourth = limiter.tryAcquire("k", 1);
		assertThat(first.isAllowed()).isTrue();
		assertThat(second.isAllowed()).isTrue();
		assertThat(third.isAllowed()).isFalse();
		assertThat(fourth.isAllowed()).isFalse();
		assertThat(fourth.isDegraded()).isFalse();
		limiter.reset("k");
		assertThat(limiter.tryAcquire("k", 2, Duration.ofMillis(100)).isAllowed()).as("the reset took effect").isTrue();
	}

	/** One permit in flight at most: each permit closed lets the next one in. */
	private static void releasesEveryPermit(ConcurrencyLimiter limiter) throws Exception {
		try (ConcurrencyPermit permit = limiter.tryAcquire("k")) {
			assertThat(permit.isAllowed()).isTrue();
			assertThat(limiter.tryAcquire("k").isAllowed()).as("one in flight").isFalse();
		}
		ConcurrencyPermit async = limiter.tryAcquireAsync("k").toCompletableFuture().get(5, TimeUnit.SECONDS);
		assertThat(async.isAllowed()).as("the first permit was released").isTrue();
		async.releaseAsync().toCompletableFuture().get(5, TimeUnit.SECONDS);
		assertThat(limiter.inFlight("k")).isZero();
	}

	/** An observer with a bug in every callback. */
	static final class BuggyObserver implements LimiterObserver {

		@Override
		public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onRedisCall() {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason,
				Throwable failure) {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit,
				long nanos) {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
			throw new IllegalStateException("observer bug");
		}

	}

}
