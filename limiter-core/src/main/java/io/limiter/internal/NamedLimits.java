package io.limiter.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import io.limiter.Algorithm;
import io.limiter.ConcurrencyLimit;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.integration.LimitNames;

/**
 * The settings of each limit name on one backend. Limiters of one name share the state of every key, so a name has
 * one setting at a time: limiters asked for again with the same limits and options are built alike, with other ones
 * they are refused, naming both, and only an update ({@link io.limiter.RateLimiterRegistry#update(String, Limit)},
 * through the backend) changes them. Rate limits and
 * concurrency limits share the names: a name is one or the other.
 */
public final class NamedLimits {

	private final Map<String, Settings> settings = new HashMap<>();

	/** The one limiter of each concurrency limit's name, which holds the permits in flight. */
	private final Map<String, Object> concurrencyLimiters = new HashMap<>();

	/**
	 * Builds the limiters of a name after checking the arguments and that the name has these settings or none yet;
	 * they become the name's settings. Holds this object's lock while building, so that no update interleaves.
	 * @param <T> what is built
	 * @param name the limit's name
	 * @param limits the limits, one per plan, of one algorithm
	 * @param options the options
	 * @param build builds the limiters
	 * @return what {@code build} returned
	 * @throws IllegalArgumentException when the name is invalid, there is no limit, the limits differ in algorithm,
	 * or the name has other settings (naming the name and both settings)
	 */
	public synchronized <T> T obtain(String name, List<Limit> limits, LimiterOptions options, Supplier<T> build) {
		Settings asked = checked(name, limits, options);
		checkSame(name, asked);
		return record(name, asked, build);
	}

	/**
	 * Returns the concurrency limiter of a name, built on the first call, after checking the arguments and that the
	 * name has this setting or none yet: a concurrency limiter holds the permits in flight, so a name has one.
	 * @param <T> the limiter type
	 * @param name the limit's name
	 * @param limit the limit
	 * @param options the options
	 * @param build builds the limiter
	 * @return the name's limiter
	 * @throws IllegalArgumentException when the name is invalid or has another setting (naming both)
	 */
	@SuppressWarnings("unchecked")
	public synchronized <T> T obtainConcurrency(String name, ConcurrencyLimit limit, LimiterOptions options,
			Supplier<T> build) {
		LimitNames.check(name);
		Objects.requireNonNull(limit, "limit must not be null");
		Objects.requireNonNull(options, "options must not be null");
		Settings asked = new Settings(List.of(limit), options);
		checkSame(name, asked);
		this.settings.put(name, asked);
		return (T) this.concurrencyLimiters.computeIfAbsent(name, (ignored) -> build.get());
	}

	private void checkSame(String name, Settings asked) {
		Settings kept = this.settings.get(name);
		if (kept != null && !kept.equals(asked)) {
			boolean optionsDiffer = !kept.options().equals(asked.options());
			throw new IllegalArgumentException("limit '" + name + "' is " + kept.describe(optionsDiffer)
					+ " on this backend and cannot also be " + asked.describe(optionsDiffer) + ": limiters of one name"
					+ " share the state of every key. Change a limit with RateLimiterRegistry.update, or give the other"
					+ " limit a name of its own");
		}
	}

	/**
	 * Builds the limiters of a name after checking the arguments, whatever settings the name had; they become the
	 * name's settings.
	 * @param <T> what is built
	 * @param name the limit's name
	 * @param limits the limits, one per plan, of one algorithm
	 * @param options the options
	 * @param build builds the limiters
	 * @return what {@code build} returned
	 * @throws IllegalArgumentException when the name is invalid, there is no limit, the limits differ in algorithm or
	 * the name is a concurrency limit's
	 */
	public synchronized <T> T update(String name, List<Limit> limits, LimiterOptions options, Supplier<T> build) {
		Settings asked = checked(name, limits, options);
		if (this.concurrencyLimiters.containsKey(name)) {
			throw new IllegalArgumentException("limit '" + name + "' is " + this.settings.get(name).describe(false)
					+ " on this backend and cannot be updated to " + asked.describe(false)
					+ ": a name is a rate limit or a concurrency limit");
		}
		return record(name, asked, build);
	}

	private <T> T record(String name, Settings settings, Supplier<T> build) {
		T built = build.get();
		this.settings.put(name, settings);
		return built;
	}

	private static Settings checked(String name, List<Limit> limits, LimiterOptions options) {
		LimitNames.check(name);
		Objects.requireNonNull(limits, "limits must not be null");
		Objects.requireNonNull(options, "options must not be null");
		if (limits.isEmpty()) {
			throw new IllegalArgumentException("limits of '" + name + "' must not be empty");
		}
		Algorithm algorithm = Objects.requireNonNull(limits.get(0), "limits must not contain null").algorithm();
		for (Limit limit : limits) {
			Objects.requireNonNull(limit, "limits must not contain null");
			if (limit.algorithm() != algorithm) {
				throw new IllegalArgumentException("limits of '" + name + "' must share one algorithm, since they share"
						+ " every key's state, but were " + algorithm + " and " + limit.algorithm());
			}
		}
		return new Settings(List.copyOf(limits), options);
	}

	/** The limits and options of a name. */
	private record Settings(List<?> limits, LimiterOptions options) {

		String describe(boolean withOptions) {
			String limits = (this.limits.size() == 1) ? this.limits.get(0).toString() : "plans " + this.limits;
			return withOptions ? limits + " with " + this.options : limits;
		}

	}

}
