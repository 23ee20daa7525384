package io.limiter.jmh;

import io.limiter.Algorithm;
import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The batching variants: limiters set as {@code luaEvalSha}'s and {@code defaults}' on backends that send the
 * decisions waiting for one node together ({@link io.limiter.RedisBackendBuilder#batching(boolean)}, default bounds),
 * so that their ratio to those variants is what batching adds. Their commands are counted where the clients send them
 * ({@link SentCommandCount}): a batch is one command for several decisions.
 */
@State(Scope.Benchmark)
public class RedisBatchState {

	RateLimiter luaClientTime;

	RateLimiter defaults;

	private RedisBackend clientTime;

	private RedisBackend clientTimeDefaults;

	/**
	 * Creates the batching backends on the benchmark's Redis.
	 * @param shared the benchmark's Redis and limit
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared) {
		this.clientTime = shared.target.backend(LimiterClock.system(), null, true);
		this.clientTimeDefaults = shared.target.backend(LimiterClock.system(), null, true);
		this.luaClientTime = this.clientTime.limiter(RedisBenchmarkState.LIMIT_NAME,
				shared.limit.limit(Algorithm.TOKEN_BUCKET), RedisBenchmarkState.REDIS_ONLY);
		this.defaults = this.clientTimeDefaults.limiter(RedisBenchmarkState.LIMIT_NAME,
				shared.limit.limit(Algorithm.TOKEN_BUCKET));
	}

	/**
	 * Closes the backends.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.clientTime.close();
		this.clientTimeDefaults.close();
	}

}
