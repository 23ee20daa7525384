package io.limiter.spring.internal.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import io.limiter.LimiterObserver;

/**
 * Counts what the Redis backend does behind the decisions: the counter {@code limiter.redis.calls} of the
 * scripts it sends, so that the share of decisions kept off the network by the local tier can be watched.
 */
public final class MicrometerLimiterObserver implements LimiterObserver {

	/** The name of the Redis call counter. */
	public static final String REDIS_CALLS = "limiter.redis.calls";

	private final Counter redisCalls;

	/**
	 * Creates an observer.
	 * @param registry where the counter is registered
	 */
	public MicrometerLimiterObserver(MeterRegistry registry) {
		this.redisCalls = Counter.builder(REDIS_CALLS)
			.description("Scripts sent to Redis: decisions, and borrows and give-backs of the local tier")
			.register(registry);
	}

	@Override
	public void onRedisCall() {
		this.redisCalls.increment();
	}

}
