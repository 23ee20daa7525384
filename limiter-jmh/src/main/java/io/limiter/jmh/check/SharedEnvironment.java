package io.limiter.jmh.check;

import io.limiter.LimiterClock;
import io.limiter.RedisBackend;
import io.limiter.jmh.redis.RedisTarget;

/**
 * The {@link CheckEnvironment} of one check: connects to Redis and creates the backends on first use, so a
 * check of in-memory rows alone needs no Redis, and closes them all at the end.
 */
public final class SharedEnvironment implements CheckEnvironment, AutoCloseable {

	private final String redisSpec;

	private final LimiterClock clock;

	private RedisTarget redis;

	private RedisBackend serverTime;

	private RedisBackend clientTime;

	/**
	 * Creates an environment.
	 * @param redisSpec a Redis address text, or {@code null} for the fixture cluster
	 * @param clock the clock of the runs
	 */
	public SharedEnvironment(String redisSpec, LimiterClock clock) {
		this.redisSpec = redisSpec;
		this.clock = clock;
	}

	@Override
	public LimiterClock clock() {
		return this.clock;
	}

	@Override
	public synchronized RedisTarget redis() {
		if (this.redis == null) {
			this.redis = RedisTarget.connect(this.redisSpec);
		}
		return this.redis;
	}

	@Override
	public synchronized RedisBackend serverTimeBackend() {
		if (this.serverTime == null) {
			this.serverTime = redis().backend(null);
		}
		return this.serverTime;
	}

	@Override
	public synchronized RedisBackend clientTimeBackend() {
		if (this.clientTime == null) {
			this.clientTime = redis().backend(this.clock);
		}
		return this.clientTime;
	}

	@Override
	public synchronized void close() {
		if (this.serverTime != null) {
			this.serverTime.close();
		}
		if (this.clientTime != null) {
			this.clientTime.close();
		}
		if (this.redis != null) {
			this.redis.close();
		}
	}

}
