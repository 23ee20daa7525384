package io.limiter.jmh;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import com.google.common.util.concurrent.RateLimiter;
import io.github.bucket4j.Bucket;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.limiter.jmh.peer.BucketLimits;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The in-process peers of the local benchmark, one limiter per key in a {@link ConcurrentHashMap} as ours keeps
 * its keys, all on the limit of {@link LimitParams} where the peer can express it:
 * <ul>
 * <li>Resilience4j: {@code burst} permits per {@code burst / rate} seconds, no waiting;</li>
 * <li>Bucket4j: capacity {@code burst}, greedy refill of {@code rate} per second;</li>
 * <li>Guava: {@code rate} per second; its public API fixes the burst at one second of permits;</li>
 * <li>the floor: an {@link AtomicLong} per key, the least any limiter must do.</li>
 * </ul>
 */
@State(Scope.Benchmark)
public class LocalBenchmarkState {

	private BenchmarkLimit limit;

	final Map<String, io.github.resilience4j.ratelimiter.RateLimiter> resilience4j = new ConcurrentHashMap<>();

	final Map<String, Bucket> bucket4j = new ConcurrentHashMap<>();

	final Map<String, RateLimiter> guava = new ConcurrentHashMap<>();

	final Map<String, AtomicLong> floor = new ConcurrentHashMap<>();

	private RateLimiterConfig resilience4jConfig;

	/**
	 * Configures the peers.
	 * @param params the scenario and the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.limit = params.limit;
		this.resilience4jConfig = RateLimiterConfig.custom()
			.limitForPeriod((int) this.limit.burst())
			.limitRefreshPeriod(this.limit.period())
			.timeoutDuration(Duration.ZERO)
			.build();
	}

	/**
	 * Creates every peer's limiter of a key, so that the benchmarks only look them up.
	 * @param key the key
	 */
	void prepare(String key) {
		this.resilience4j.computeIfAbsent(key,
				(k) -> io.github.resilience4j.ratelimiter.RateLimiter.of(k, this.resilience4jConfig));
		this.bucket4j.computeIfAbsent(key,
				(k) -> Bucket.builder().addLimit(BucketLimits.bandwidth(this.limit)).build());
		this.guava.computeIfAbsent(key, (k) -> RateLimiter.create(this.limit.ratePerSecond()));
		this.floor.computeIfAbsent(key, (k) -> new AtomicLong());
	}

}
