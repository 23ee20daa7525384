package io.limiter.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import io.limiter.Algorithm;
import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.jmh.redis.RedisTarget;
import org.HdrHistogram.Histogram;

/**
 * The latency that batching adds, as each caller sees it: the limiter of {@code luaEvalSha} (token bucket, client
 * time, no local tier, the limit of {@link LimitParams}) on {@value #KEYS} keys drawn uniformly, with batching off
 * and on ({@link io.limiter.RedisBackendBuilder#batching(boolean)}, default bounds), at low load (one thread, one
 * decision after the other) and high load ({@code --threads}, 16 by default), in alternated rounds. Each decision's
 * time is recorded in an HdrHistogram; the table gives p50, p99, p99.9 and the maximum in microseconds, and the
 * decisions per second, for each setting and load over all rounds. Run:
 * <pre>
 * java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.BatchLatency --redis redis://127.0.0.1:6379 --seconds 10 --rounds 2
 * </pre>
 * With no {@code --redis} it starts its own 3-master/3-replica cluster.
 */
public final class BatchLatency {

	static final int KEYS = 100_000;

	private static final long HIGHEST_NANOS = TimeUnit.SECONDS.toNanos(10);

	private BatchLatency() {
	}

	/**
	 * Runs the rounds and prints the table.
	 * @param args {@code --redis <url or cluster seeds>}, {@code --seconds <n>} per run (default 10), {@code --warmup
	 * <n>} seconds before each (default 3), {@code --rounds <n>} (default 2), {@code --threads <n>} of high load
	 * (default 16)
	 * @throws Exception when a run fails
	 */
	public static void main(String[] args) throws Exception {
		String redis = "";
		int seconds = 10;
		int warmup = 3;
		int rounds = 2;
		int threads = 16;
		for (int i = 0; i + 1 < args.length; i += 2) {
			switch (args[i]) {
				case "--redis" -> redis = args[i + 1];
				case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
				case "--warmup" -> warmup = Integer.parseInt(args[i + 1]);
				case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
				case "--threads" -> threads = Integer.parseInt(args[i + 1]);
				default -> throw new IllegalArgumentException("unknown option " + args[i]);
			}
		}
		BenchmarkLimit limit = new BenchmarkLimit(1000, 500);
		Histogram[][] histograms = new Histogram[2][2];
		long[][] decisions = new long[2][2];
		long[][] nanos = new long[2][2];
		try (RedisTarget target = RedisTarget.connect(redis)) {
			for (int round = 0; round < rounds; round++) {
				for (int setting = 0; setting < 2; setting++) {
					boolean batching = (setting + round) % 2 == 1;
					try (RedisBackend backend = target.backend(LimiterClock.system(), null, batching)) {
						RateLimiter limiter = backend.limiter(RedisBenchmarkState.LIMIT_NAME,
								limit.limit(Algorithm.TOKEN_BUCKET), RedisBenchmarkState.REDIS_ONLY);
						for (int load = 0; load < 2; load++) {
							int callers = (load == 0) ? 1 : threads;
							run(limiter, callers, warmup, new Histogram(HIGHEST_NANOS, 3));
							Histogram histogram = new Histogram(HIGHEST_NANOS, 3);
							long start = System.nanoTime();
							run(limiter, callers, seconds, histogram);
							int b = batching ? 1 : 0;
							nanos[b][load] += System.nanoTime() - start;
							decisions[b][load] += histogram.getTotalCount();
							if (histograms[b][load] == null) {
								histograms[b][load] = histogram;
							}
							else {
								histograms[b][load].add(histogram);
							}
						}
					}
				}
			}
		}
		System.out.println("| batching | load | decisions/s | p50 µs | p99 µs | p99.9 µs | max µs |");
		System.out.println("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
		for (int load = 0; load < 2; load++) {
			for (int b = 0; b < 2; b++) {
				Histogram h = histograms[b][load];
				System.out.printf("| %s | %s | %.0f | %.0f | %.0f | %.0f | %.0f |%n", (b == 1) ? "on" : "off",
						(load == 0) ? "low (1 thread)" : "high (" + threads + " threads)",
						decisions[b][load] * 1e9 / nanos[b][load], micros(h, 50), micros(h, 99), micros(h, 99.9),
						h.getMaxValue() / 1000.0);
			}
		}
	}

	private static double micros(Histogram histogram, double percentile) {
		return histogram.getValueAtPercentile(percentile) / 1000.0;
	}

	/** Decides on random keys from {@code callers} threads for {@code seconds}, each decision's time recorded. */
	private static void run(RateLimiter limiter, int callers, int seconds, Histogram into) throws InterruptedException {
		long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
		List<Thread> threads = new ArrayList<>();
		List<Histogram> own = new ArrayList<>();
		for (int i = 0; i < callers; i++) {
			Histogram histogram = new Histogram(HIGHEST_NANOS, 3);
			own.add(histogram);
			SplittableRandom random = new SplittableRandom(i);
			Thread thread = new Thread(() -> {
				while (System.nanoTime() < end) {
					String key = "key-" + random.nextInt(KEYS);
					long start = System.nanoTime();
					limiter.tryAcquire(key);
					histogram.recordValue(Math.min(System.nanoTime() - start, HIGHEST_NANOS));
				}
			}, "batch-latency-" + i);
			threads.add(thread);
			thread.start();
		}
		for (int i = 0; i < callers; i++) {
			threads.get(i).join();
			into.add(own.get(i));
		}
	}

}
