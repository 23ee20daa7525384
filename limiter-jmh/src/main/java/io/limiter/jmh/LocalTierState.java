package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;

/**
 * The local tier variants of {@link RedisLimiterBenchmark}: our token bucket on the limit of
 * {@code luaEvalSha}, behind two-tier borrowing ({@code twoTier}, default {@link LocalTier#twoTier()}) and
 * behind in-memory block ({@code inMemoryBlock}), on the benchmark's Redis.
 */
@State(Scope.Benchmark)
public class LocalTierState {

	RateLimiter twoTier;

	RateLimiter inMemoryBlock;

	private LocalTierLimiters limiters;

	/**
	 * Creates the limiters.
	 * @param shared the benchmark's Redis and limit
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared) {
		this.limiters = new LocalTierLimiters(shared.target.address());
		Limit limit = shared.limit.limit(Algorithm.TOKEN_BUCKET);
		this.twoTier = this.limiters.limiter("bench-two-tier", limit, LocalTier.twoTier());
		this.inMemoryBlock = this.limiters.limiter("bench-block", limit, LocalTier.block());
	}

	/**
	 * Claims the scripts sent since the last claim.
	 * @return the calls
	 */
	int claimCalls() {
		return this.limiters.claimCalls();
	}

	/**
	 * Gives unspent tokens back and closes the connection.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.limiters.close();
	}

}
