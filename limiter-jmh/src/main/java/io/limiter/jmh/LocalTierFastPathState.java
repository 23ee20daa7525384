package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import io.limiter.Algorithm;
import io.limiter.LimiterClock;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.jmh.redis.RedisTarget;

/**
 * Our two-tier token bucket for {@link LocalLimiterBenchmark}, on the local benchmark's limit: what a decision
 * costs in process once the local tier holds tokens or knows Redis' retry deadline. It still borrows from a
 * Redis now and then, the one named by {@code redis} or a cluster of the fork's own.
 */
@State(Scope.Benchmark)
public class LocalTierFastPathState {

	/** A standalone URL or cluster seeds separated by {@code ;}; empty: a cluster of the fork's own. */
	@Param("")
	public String redis;

	RateLimiter limiter;

	private RedisTarget target;

	private RedisBackend backend;

	/**
	 * Connects and creates the limiter.
	 * @param params the local benchmark's limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.target = RedisTarget.connect(this.redis);
		this.backend = this.target.backend(LimiterClock.system());
		this.limiter = this.backend.limiter("local-two-tier", params.limit.limit(Algorithm.TOKEN_BUCKET),
				LimiterOptions.builder().localTier(LocalTier.twoTier()).build());
	}

	/**
	 * Closes the limiter and the connection.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.backend.close();
		this.target.close();
	}

}
