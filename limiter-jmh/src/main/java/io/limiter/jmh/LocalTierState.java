package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;

/**
 * The local tier variants of {@link RedisLimiterBenchmark}: our token bucket on the limit of
 * {@code luaEvalSha}, behind two-tier borrowing ({@code twoTier}, default {@link LocalTier#twoTier()}) and
 * behind in-memory block ({@code inMemoryBlock}), on the benchmark's Redis. A name has one setting per backend, so
 * each variant has a backend of its own.
 */
@State(Scope.Benchmark)
public class LocalTierState {

	RateLimiter twoTier;

	RateLimiter inMemoryBlock;

	private RedisBackend twoTierBackend;

	private RedisBackend blockBackend;

	/**
	 * Creates the limiters.
	 * @param shared the benchmark's Redis and limit
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared) {
		this.twoTierBackend = shared.target.backend(LimiterClock.system());
		this.blockBackend = shared.target.backend(LimiterClock.system());
		Limit limit = shared.limit.limit(Algorithm.TOKEN_BUCKET);
		this.twoTier = this.twoTierBackend.limiter(RedisBenchmarkState.LIMIT_NAME, limit,
				LimiterOptions.builder().localTier(LocalTier.twoTier()).build());
		this.inMemoryBlock = this.blockBackend.limiter(RedisBenchmarkState.LIMIT_NAME, limit,
				LimiterOptions.builder().localTier(LocalTier.block()).build());
	}

	/**
	 * Gives unspent tokens back.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.twoTierBackend.close();
		this.blockBackend.close();
	}

}
