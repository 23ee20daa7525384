package io.limiter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The budget under real load: threads hammer one key ({@code hot_key}) or one key each ({@code per_user}) for
 * three seconds through {@link RedisBackend}s on the shared Redis cluster, burst 10 and rate 10/s (token
 * bucket, and GCRA for two-tier). Every key gets at least its burst; in-memory block grants at most the
 * budget, two-tier at most the budget plus, per key, the instances times the largest batch.
 */
class LocalTierUtilizationIntegrationTests {

	private static final LocalTier TWO_TIER = LocalTier.twoTier().toBuilder().maxBatchShare(0.5).build();

	private static final long RUN_MILLIS = 3000;

	/** Redis' TIME counts whole milliseconds, so its span of the run can exceed the local one by one. */
	private static final long CLOCK_GRANULARITY_MILLIS = 2;

	private static final AtomicInteger names = new AtomicInteger();

	static Stream<Arguments> runs() {
		List<Arguments> runs = new ArrayList<>();
		for (LocalTier tier : List.of(LocalTier.block(), TWO_TIER)) {
			for (boolean hotKey : List.of(true, false)) {
				for (int threads : List.of(64, 256)) {
					runs.add(Arguments.of(Algorithm.TOKEN_BUCKET, tier.mode(), hotKey ? "hot_key" : "per_user", threads,
							1));
				}
			}
		}
		runs.add(Arguments.of(Algorithm.GCRA, LocalTier.Mode.TWO_TIER, "hot_key", 64, 1));
		runs.add(Arguments.of(Algorithm.GCRA, LocalTier.Mode.TWO_TIER, "per_user", 64, 1));
		runs.add(Arguments.of(Algorithm.TOKEN_BUCKET, LocalTier.Mode.TWO_TIER, "hot_key", 64, 2));
		runs.add(Arguments.of(Algorithm.TOKEN_BUCKET, LocalTier.Mode.TWO_TIER, "per_user", 64, 2));
		runs.add(Arguments.of(Algorithm.TOKEN_BUCKET, LocalTier.Mode.BLOCK, "hot_key", 64, 2));
		return runs.stream();
	}

	@ParameterizedTest(name = "{0} {1} {2} {3} threads {4} instance(s)")
	@MethodSource("runs")
	void grantsStayWithinTheBudgetAndTheStatedBound(Algorithm algorithm, LocalTier.Mode mode, String scenario,
			int threads, int instances) throws InterruptedException {
		Limit limit = Limit.of(algorithm, 10, Duration.ofSeconds(1));
		LocalTier tier = (mode == LocalTier.Mode.BLOCK) ? LocalTier.block() : TWO_TIER;
		String name = "util-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		List<RedisBackend> backends = new ArrayList<>();
		List<RateLimiter> limiters = new ArrayList<>();
		for (int i = 0; i < instances; i++) {
			RedisBackend backend = RedisBackend.builder()
				.cluster(RedisFixtures.cluster().seedNodes())
				.timeout(Duration.ofSeconds(5))
				.minimumTimeout(Duration.ofSeconds(5))
				.failurePolicy(FailurePolicy.FAIL_CLOSED)
				.build();
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			backends.add(backend);
			limiters.add(backend.limiter(name, limit, LimiterOptions.builder().localTier(tier).build()));
		}
		Map<String, LongAdder> granted = new ConcurrentHashMap<>();
		List<Thread> callers = new ArrayList<>();
		long start = System.nanoTime();
		long end = start + TimeUnit.MILLISECONDS.toNanos(RUN_MILLIS);
		for (int i = 0; i < threads; i++) {
			RateLimiter limiter = limiters.get(i % instances);
			String key = scenario.equals("hot_key") ? "hot" : "user-" + i;
			LongAdder count = granted.computeIfAbsent(key, (ignored) -> new LongAdder());
			Thread caller = new Thread(() -> {
				// at least one request each, even from a thread the busy machine starts after the end
				do {
					if (limiter.tryAcquire(key).isAllowed()) {
						count.increment();
					}
				}
				while (System.nanoTime() < end);
			});
			caller.start();
			callers.add(caller);
		}
		for (Thread caller : callers) {
			caller.join();
		}
		long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + CLOCK_GRANULARITY_MILLIS;
		backends.forEach(RedisBackend::close);
		long budget = (limit.capacity() * limit.periodMillis() + limit.capacity() * elapsedMillis)
				/ limit.periodMillis();
		long bound = (mode == LocalTier.Mode.BLOCK) ? 0 : instances * tier.maxBatchPermits(limit);
		long total = 0;
		for (LongAdder count : granted.values()) {
			assertThat(count.sum()).isPositive().isLessThanOrEqualTo(budget + bound);
			total += count.sum();
		}
		// Every key's burst is there at once, but with 256 threads on a small machine a thread may run too
		// rarely to spend all of its own: the floor is half of all the bursts.
		assertThat(total).isGreaterThanOrEqualTo(granted.size() * limit.capacity() / 2);
		double utilization = 100.0 * total / (granted.size() * budget);
		System.out.printf("%s %s %s %d threads %d instance(s): util %.1f %% of %d per key, bound +%d%n", algorithm,
				mode, scenario, threads, instances, utilization, budget, bound);
	}

}
