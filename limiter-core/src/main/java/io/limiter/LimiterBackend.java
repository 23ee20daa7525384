package io.limiter;

import java.util.List;
import java.util.Objects;

/**
 * Where the state of the limits lives: in memory ({@link InMemoryBackend}) or in Redis
 * ({@link RedisBackend}). A backend hands out {@link RateLimiter}s and {@link ConcurrencyLimiter}s and owns the
 * resources behind them.
 * <p>
 * <b>One setting per name.</b> Limiters of one name share the state of every key, so a name has one setting on a
 * backend: asked for again with the same limits and options, a backend returns limiters that share everything with
 * the first ones; asked for with others, it refuses with an {@link IllegalArgumentException} that names the limit and
 * both settings, rather than let two settings decide the same keys. A limit is changed through a
 * {@link RateLimiterRegistry} ({@link RateLimiterRegistry#update(String, Limit)}), which hands out the new limiters
 * and keeps the permits that callers take per request within the new capacity; the backends of Limiter change a
 * limit only for it.
 * <p>
 * <b>Changing a limit.</b> An update whose capacity or period differs from the earlier limit's keeps the state of every
 * key, on every backend alike: what a key stores is read with the new numbers. The windows keep their counts (a key
 * that used 8 of 10 has 2 left of a new capacity of 10, none of 5); the token bucket keeps its ticks, which are its
 * tokens when the period stays (at most a full bucket of the new capacity); GCRA keeps its theoretical arrival time,
 * that is how long until the key is full again. A limit of another algorithm starts every key afresh: its state lives
 * apart, and the old one is released (in Redis it expires). The new limiters' local tier and local fallback replace
 * the old ones', which give their borrowed tokens back; limiters obtained before the update still decide, with their
 * own settings, and should be dropped.
 */
public interface LimiterBackend extends AutoCloseable {

	/**
	 * Returns a limiter for the named limit with the {@linkplain LimiterOptions#defaults() default options}: see
	 * {@link #limiter(String, Limit, LimiterOptions)}.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @return the limiter
	 * @throws IllegalArgumentException when the name is invalid, or has another setting on this backend
	 */
	default RateLimiter limiter(String name, Limit limit) {
		return limiter(name, limit, LimiterOptions.defaults());
	}

	/**
	 * Returns a limiter for the named limit, run as the options say. Limiters of one name share the state of every
	 * key; the name must therefore be unique per limit, and asked for again it must come with the same limit and
	 * options (see the class description).
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @param options how to run it, for example with a {@link LocalTier}
	 * @return the limiter
	 * @throws IllegalArgumentException when the name is invalid, or has another setting on this backend (naming the
	 * limit and both settings)
	 */
	default RateLimiter limiter(String name, Limit limit, LimiterOptions options) {
		return limiters(name, List.of(Objects.requireNonNull(limit, "limit must not be null")), options).get(0);
	}

	/**
	 * Returns limiters of one name, one per limit, that are used side by side: the plans of a limit, where each
	 * key is decided by the limiter of its plan (for example its customer's). They share the state of every key as
	 * any limiters of one name do, so a key that moves to another plan keeps its state, read with the new plan's
	 * numbers (see the class description); their algorithm must therefore be the same. Each keeps a local tier and
	 * a local fallback of its own limit. These limits and options are the name's setting on this backend: asked for
	 * again, the name must come with the same ones.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limits the limits, at least one, all of one algorithm
	 * @param options how to run each of them
	 * @return the limiters, in the order of {@code limits}
	 * @throws IllegalArgumentException when the name is invalid, there is no limit, the limits differ in algorithm,
	 * or the name has another setting on this backend (naming the limit and both settings)
	 */
	List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options);

	/**
	 * Returns a concurrency limiter for the named limit with the {@linkplain LimiterOptions#defaults() default
	 * options}: see {@link #concurrencyLimiter(String, ConcurrencyLimit, LimiterOptions)}.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @return the limiter
	 * @throws IllegalArgumentException when the name is invalid, or has another setting on this backend
	 * @throws UnsupportedOperationException when the backend has no concurrency limits
	 */
	default ConcurrencyLimiter concurrencyLimiter(String name, ConcurrencyLimit limit) {
		return concurrencyLimiter(name, limit, LimiterOptions.defaults());
	}

	/**
	 * Returns a concurrency limiter for the named limit: at most {@link ConcurrencyLimit#maxInFlight()} permits of a
	 * key held at once. Names follow the rules of rate limits and share their space: a name is a rate limit or a
	 * concurrency limit, with one setting (see the class description). Asked for again with the same limit and
	 * options, a backend returns the same limiter. Of the options only the {@linkplain LimiterOptions#failurePolicy()
	 * failure policy} applies; a local tier means nothing here, but is part of the setting all the same.
	 * <p>
	 * The default implementation throws, for backends written before concurrency limits; both of Limiter's backends
	 * have them.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @param options how to run it
	 * @return the limiter
	 * @throws IllegalArgumentException when the name is invalid, or has another setting on this backend (naming the
	 * limit and both settings)
	 * @throws UnsupportedOperationException when the backend has no concurrency limits
	 */
	default ConcurrencyLimiter concurrencyLimiter(String name, ConcurrencyLimit limit, LimiterOptions options) {
		throw new UnsupportedOperationException(getClass().getName() + " has no concurrency limits");
	}

	/**
	 * Releases the backend's resources. Limiters obtained from it must not be used afterwards.
	 */
	@Override
	void close();

}
