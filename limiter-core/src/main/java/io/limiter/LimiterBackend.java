package io.limiter;

import java.util.ArrayList;
import java.util.List;

import io.limiter.internal.LimitPlans;

/**
 * Where the state of the limits lives: in memory ({@link InMemoryBackend}) or in Redis
 * ({@link RedisBackend}). A backend hands out {@link RateLimiter}s and owns the resources behind them.
 * <p>
 * <b>Changing a limit.</b> A limiter of a name whose capacity or period differs from an earlier limiter's keeps the
 * state of every key, on every backend alike: what a key stores is read with the new numbers. The windows keep
 * their counts (a key that used 8 of 10 has 2 left of a new capacity of 10, none of 5); the token bucket keeps its
 * ticks, which are its tokens when the period stays (at most a full bucket of the new capacity); GCRA keeps its
 * theoretical arrival time, that is how long until the key is full again. A limiter of another algorithm starts
 * every key afresh: its state lives apart, and the old one is released (in Redis it expires). The new limiter's
 * local tier and local fallback replace the old one's, which gives its borrowed tokens back.
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
	 * Returns limiters of one name, one per limit, that are used side by side: the plans of a limit, where each
	 * key is decided by the limiter of its plan (for example its customer's). They share the state of every key as
	 * any limiters of one name do, so a key that moves to another plan keeps its state, read with the new plan's
	 * numbers (see the class description); their algorithm must therefore be the same. Each keeps a local tier and
	 * a local fallback of its own limit, and together they replace the earlier limiters' of that name (tiers of an
	 * unchanged limit and setting are kept), as one change of the limit.
	 * <p>
	 * The default obtains one {@link #limiter(String, Limit, LimiterOptions)} per limit, which is right for a
	 * backend whose limiters keep nothing per name but the state; backends with local tiers override it.
	 * @param name the limit's name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limits the limits, at least one, all of one algorithm
	 * @param options how to run each of them
	 * @return the limiters, in the order of {@code limits}
	 * @throws IllegalArgumentException when the name is invalid, there is no limit, or the limits differ in
	 * algorithm
	 */
	default List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options) {
		LimitPlans.check(name, limits);
		List<RateLimiter> limiters = new ArrayList<>(limits.size());
		for (Limit limit : limits) {
			limiters.add(limiter(name, limit, options));
		}
		return limiters;
	}

	/**
	 * Releases the backend's resources. Limiters obtained from it must not be used afterwards.
	 */
	@Override
	void close();

}
