package io.limiter;

/**
 * Where the state of the limits lives: in memory ({@link InMemoryBackend}) or in Redis
 * ({@link RedisBackend}). A backend hands out {@link RateLimiter}s and owns the resources behind them.
 */
public interface LimiterBackend extends AutoCloseable {

	/**
	 * Returns a limiter for the named limit. Two limiters with the same name and backend share the state of
	 * every key; the name must therefore be unique per limit.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @return the limiter
	 * @throws IllegalArgumentException when the name is invalid
	 */
	default RateLimiter limiter(String name, Limit limit) {
		return limiter(name, limit, LimiterOptions.defaults());
	}

	/**
	 * Returns a limiter for the named limit, run as the options say. Limiters with the same name share the
	 * state of every key whatever their options.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @param options how to run it, for example with a {@link LocalTier}
	 * @return the limiter
	 * @throws IllegalArgumentException when the name is invalid
	 */
	RateLimiter limiter(String name, Limit limit, LimiterOptions options);

	/**
	 * Releases the backend's resources. Limiters obtained from it must not be used afterwards.
	 */
	@Override
	void close();

}
