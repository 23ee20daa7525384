package io.limiter.jmh.check;

import io.limiter.LimiterClock;
import io.limiter.RedisBackend;
import io.limiter.jmh.redis.RedisTarget;

/**
 * What the implementations under check share, opened on first use and closed after the whole check.
 */
public interface CheckEnvironment {

	/** {@return the clock that measures the runs and that client-time implementations send} */
	LimiterClock clock();

	/**
	 * Returns the Redis under check.
	 * @return the connected target
	 */
	RedisTarget redis();

	/** {@return our Redis backend, deciding with the server's {@code TIME}} */
	RedisBackend serverTimeBackend();

	/** {@return our Redis backend, deciding with {@link #clock()}'s time} */
	RedisBackend clientTimeBackend();

}
