package io.limiter.spring.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import io.limiter.ConcurrencyLimiter;

/**
 * The concurrency limiters of {@code limiter.concurrency.*}, by name, for the filters, the aspect, metrics and the
 * Actuator endpoint.
 */
public final class ConcurrencyLimiters {

	private final Map<String, ConcurrencyLimiter> limiters = new LinkedHashMap<>();

	/**
	 * Creates the set.
	 * @param limiters the limiters, in configuration order
	 */
	public ConcurrencyLimiters(Collection<ConcurrencyLimiter> limiters) {
		limiters.forEach((limiter) -> this.limiters.put(limiter.name(), limiter));
	}

	/**
	 * Returns whether a concurrency limit of the name exists.
	 * @param name the name
	 * @return {@code true} when it does
	 */
	public boolean contains(String name) {
		return this.limiters.containsKey(name);
	}

	/**
	 * Returns the limiter of a concurrency limit.
	 * @param name the limit's name
	 * @return the limiter
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit
	 */
	public ConcurrencyLimiter get(String name) {
		ConcurrencyLimiter limiter = this.limiters.get(name);
		if (limiter == null) {
			throw new IllegalArgumentException(
					"no concurrency limit named '" + name + "'; the concurrency limits are " + this.limiters.keySet());
		}
		return limiter;
	}

	/** {@return every limiter, in configuration order} */
	public Collection<ConcurrencyLimiter> all() {
		return this.limiters.values();
	}

}
