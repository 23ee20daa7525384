package io.limiter.jmh;

import java.util.concurrent.TimeUnit;

import io.limiter.ConcurrencyPermit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * In-process limiters side by side, no network: our in-memory backend per algorithm (and its token bucket as the
 * starter builds it, metered: {@link MeteredStarterState}), its fixed window on a daily quota as a calendar rate and
 * as a period ({@code calendarDay}, {@code fixedWindowDay}), its concurrency limiter ({@code concurrency}), our two-tier token
 * bucket ({@code localTier}, which needs a Redis for its occasional borrows, see
 * {@link LocalTierFastPathState}), Resilience4j's {@code RateLimiter}, Bucket4j's local bucket, Guava's {@code RateLimiter}, and a floor (a
 * {@code ConcurrentHashMap} lookup and an {@code AtomicLong} add) that shows how close to free a decision is.
 * Scenarios {@code hot_key}, {@code per_user} and {@code many_keys}, limit burst 1000 and 500 per second (see
 * {@link LocalBenchmarkState}). Run for example:
 * <pre>
 * java -jar limiter-jmh/target/benchmarks.jar LocalLimiterBenchmark -t 16 -rf json -rff jmh-local.json
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class LocalLimiterBenchmark {

	/**
	 * Our in-memory backend.
	 * @param ours the limiter of one algorithm
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean inMemory(InMemoryState ours, LocalThread thread) {
		return ours.limiter.tryAcquire(thread.key()).isAllowed();
	}

	/**
	 * Our in-memory token bucket as the starter builds it, with its Micrometer meters: beside
	 * {@code inMemory@algorithm=TOKEN_BUCKET}, what the meters cost a decision.
	 * @param ours the limiter
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean inMemoryMetered(MeteredStarterState ours, LocalThread thread) {
		return ours.limiter.tryAcquire(thread.key()).isAllowed();
	}

	/**
	 * Our in-memory fixed window on a calendar quota: {@code burst} permits per calendar day in UTC (see
	 * {@link InMemoryQuotaState}); past the first {@code burst}, every decision is a denial.
	 * @param ours the limiters
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean calendarDay(InMemoryQuotaState ours, LocalThread thread) {
		return ours.calendarDay.tryAcquire(thread.key()).isAllowed();
	}

	/**
	 * Our in-memory fixed window on the quota of {@code calendarDay} as a period of one day: the same windows,
	 * without the calendar.
	 * @param ours the limiters
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean fixedWindowDay(InMemoryQuotaState ours, LocalThread thread) {
		return ours.fixedWindowDay.tryAcquire(thread.key()).isAllowed();
	}

	/**
	 * Our in-memory concurrency limiter: takes a permit of the key and closes it (see {@link ConcurrencyParams}
	 * for what each {@code maxInFlight} measures).
	 * @param ours the limiter
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean concurrency(InMemoryConcurrencyState ours, LocalThread thread) {
		try (ConcurrencyPermit permit = ours.limiter.tryAcquire(thread.key())) {
			return permit.isAllowed();
		}
	}

	/**
	 * Our two-tier token bucket: the local tier's lock-free path, with a borrow from Redis now and then.
	 * @param ours the limiter
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean localTier(LocalTierFastPathState ours, LocalThread thread) {
		return ours.limiter.tryAcquire(thread.key()).isAllowed();
	}

	/**
	 * Resilience4j's {@code RateLimiter.acquirePermission()}.
	 * @param peers the peers
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean resilience4j(LocalBenchmarkState peers, LocalThread thread) {
		return peers.resilience4j.get(thread.key()).acquirePermission();
	}

	/**
	 * Bucket4j's local bucket, {@code tryConsume(1)}.
	 * @param peers the peers
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean bucket4jLocal(LocalBenchmarkState peers, LocalThread thread) {
		return peers.bucket4j.get(thread.key()).tryConsume(1);
	}

	/**
	 * Guava's {@code RateLimiter.tryAcquire()}.
	 * @param peers the peers
	 * @param thread the thread's key
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean guava(LocalBenchmarkState peers, LocalThread thread) {
		return peers.guava.get(thread.key()).tryAcquire();
	}

	/**
	 * The floor: a map lookup and an atomic add, which every keyed limiter does at least.
	 * @param peers the peers
	 * @param thread the thread's key
	 * @return the new count
	 */
	@Benchmark
	public long floor(LocalBenchmarkState peers, LocalThread thread) {
		return peers.floor.get(thread.key()).addAndGet(1);
	}

}
