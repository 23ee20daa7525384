package io.limiter.jmh.peer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.RemoteBucketBuilder;
import io.github.bucket4j.distributed.proxy.optimization.DelayParameters;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.limiter.jmh.BenchmarkLimit;
import io.limiter.jmh.redis.RedisTarget;

/**
 * Bucket4j on Redis through its Lettuce proxy manager (compare-and-swap: the state is read, computed in the JVM
 * and swapped by a Lua script), one bucket per key, plain or optimized.
 * <p>
 * The optimized variant uses Bucket4j's <em>delaying</em> optimization: a bucket decides locally and
 * synchronizes with Redis only once a tenth of the burst has been consumed without synchronization or
 * {@link #DELAY_TIMEOUT} has passed. It serves both scenarios best: <em>batching</em> merges only the
 * requests that are in flight for the same key at the same moment, so it does nothing for {@code per_user}
 * (one thread per key) and still costs a round trip per batch on {@code hot_key}; <em>predicting</em> adds
 * an estimate of other nodes' consumption that a single JVM does not need. Delaying trades a bounded
 * over-grant for fewer round trips, the same trade that our two-tier limiter makes, so the comparison is like
 * for like.
 */
public final class Bucket4jRedis {

	/** The longest a delaying bucket goes without synchronizing. */
	public static final Duration DELAY_TIMEOUT = Duration.ofMillis(100);

	private final LettuceBasedProxyManager<byte[]> proxyManager;

	private final BucketConfiguration configuration;

	private final DelayParameters delay;

	private final UnaryOperator<String> redisKey;

	private final Map<String, BucketProxy> buckets = new ConcurrentHashMap<>();

	/**
	 * Creates the buckets' proxy manager.
	 * @param target the Redis
	 * @param limit the burst and rate of every bucket
	 * @param optimized whether buckets use the delaying optimization
	 * @param redisKey the Redis key of a key
	 */
	public Bucket4jRedis(RedisTarget target, BenchmarkLimit limit, boolean optimized,
			UnaryOperator<String> redisKey) {
		this.proxyManager = target.bucket4jBuilder()
			.expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(limit.period()))
			.build();
		this.configuration = BucketLimits.configuration(limit);
		this.delay = optimized ? new DelayParameters(Math.max(1, limit.burst() / 10), DELAY_TIMEOUT) : null;
		this.redisKey = redisKey;
	}

	/**
	 * Returns the bucket of a key, the same one for every caller, so that an optimized bucket's local state is
	 * shared by the threads of a hot key.
	 * @param key the key
	 * @return the bucket
	 */
	public BucketProxy bucket(String key) {
		return this.buckets.computeIfAbsent(key, (k) -> {
			RemoteBucketBuilder<byte[]> builder = this.proxyManager.builder();
			if (this.delay != null) {
				builder = builder.withOptimization(Optimizations.delaying(this.delay));
			}
			return builder.build(this.redisKey.apply(k).getBytes(StandardCharsets.UTF_8), () -> this.configuration);
		});
	}

}
