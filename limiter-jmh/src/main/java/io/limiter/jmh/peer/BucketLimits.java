package io.limiter.jmh.peer;

import java.time.Duration;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import io.limiter.jmh.BenchmarkLimit;

/**
 * Our benchmark limit in Bucket4j's terms: capacity {@code burst}, refilled greedily at {@code rate} per
 * second, as our token bucket does.
 */
public final class BucketLimits {

	private BucketLimits() {
	}

	/**
	 * Returns the Bucket4j bandwidth of a limit, for a local bucket.
	 * @param limit the burst and rate
	 * @return the bandwidth
	 */
	public static Bandwidth bandwidth(BenchmarkLimit limit) {
		return Bandwidth.builder()
			.capacity(limit.burst())
			.refillGreedy(limit.ratePerSecond(), Duration.ofSeconds(1))
			.build();
	}

	/**
	 * Returns the Bucket4j configuration of a limit, for a bucket in Redis.
	 * @param limit the burst and rate
	 * @return the configuration
	 */
	public static BucketConfiguration configuration(BenchmarkLimit limit) {
		return BucketConfiguration.builder().addLimit(bandwidth(limit)).build();
	}

}
