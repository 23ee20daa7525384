package io.limiter;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.limiter.contract.ManualClock;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On Redis an admin operation on a limit of several rates is one script call, so it changes every rate's key
 * atomically, on standalone and cluster and for every algorithm: the backend's observer counts the calls, and the
 * decisions after each operation show that every rate was adjusted.
 */
class SeveralRatesAdminIntegrationTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private final ManualClock clock = new ManualClock();

	private final RedisCallCounter calls = new RedisCallCounter();

	static Stream<Arguments> algorithmsOnEveryTopology() {
		return Arrays.stream(Algorithm.values())
			.flatMap((algorithm) -> Stream.of(Arguments.of(algorithm, false), Arguments.of(algorithm, true)));
	}

	@ParameterizedTest(name = "{0} cluster={1}")
	@MethodSource("algorithmsOnEveryTopology")
	void everyAdminOperationIsOneScriptCallThatAdjustsEveryRate(Algorithm algorithm, boolean cluster)
			throws InterruptedException {
		try (RedisBackend backend = backend(cluster)) {
			Limit limit = Limit.builder(algorithm)
				.rate(2, Duration.ofSeconds(1))
				.rate(3, Duration.ofMinutes(1))
				.rate(4, Duration.ofHours(1))
				.build();
			RateLimiter limiter = backend.limiter("several-admin-" + NAMES.incrementAndGet(), limit,
					LimiterOptions.builder().localTier(LocalTier.none()).build());
			assertThat(limiter.tryAcquire("k", 2).isAllowed()).isTrue();
			assertThat(limiter.tryAcquire("k", 2).isAllowed()).as("the first rate is spent").isFalse();

			assertThat(callsOf(() -> limiter.addPermits("k", 2))).isOne();
			assertThat(limiter.tryAcquire("k", 2).isAllowed())
				.as("the first two rates refunded: the second had only one permit left").isTrue();

			assertThat(callsOf(() -> limiter.reset("k"))).isOne();
			assertThat(limiter.tryAcquire("k", 2).isAllowed()).as("every rate reset: the second had one left")
				.isTrue();

			assertThat(callsOf(() -> limiter.penalizeAsync("k", 1).toCompletableFuture().join())).isOne();
			this.clock.advance(Duration.ofSeconds(2).toMillis());
			assertThat(limiter.tryAcquire("k", 1).isAllowed())
				.as("the second rate penalized: two taken and one owed of three").isFalse();
		}
	}

	private long callsOf(Runnable operation) {
		long before = this.calls.calls();
		operation.run();
		return this.calls.calls() - before;
	}

	private RedisBackend backend(boolean cluster) throws InterruptedException {
		RedisBackendBuilder builder = RedisBackend.builder()
			.clientClock(this.clock)
			.timeout(Duration.ofSeconds(5))
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.observer(this.calls);
		RedisBackend backend = cluster ? builder.cluster(RedisFixtures.cluster().seedNodes()).build()
				: builder.standalone(RedisFixtures.standalone().uri()).build();
		assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
		return backend;
	}

}
