package io.limiter.internal;

import java.util.List;
import java.util.Objects;

import io.limiter.Algorithm;
import io.limiter.Limit;

/**
 * Checks the limits of limiters used side by side under one name
 * ({@link io.limiter.LimiterBackend#limiters(String, List, io.limiter.LimiterOptions)}).
 */
public final class LimitPlans {

	private LimitPlans() {
	}

	/**
	 * Checks that there is at least one limit and that all share one algorithm, since they share every key's state.
	 * @param name the limit's name, for messages
	 * @param limits the limits
	 * @throws IllegalArgumentException when there is no limit or the limits differ in algorithm
	 */
	public static void check(String name, List<Limit> limits) {
		Objects.requireNonNull(limits, "limits must not be null");
		if (limits.isEmpty()) {
			throw new IllegalArgumentException("limits of '" + name + "' must not be empty");
		}
		Algorithm algorithm = limits.get(0).algorithm();
		for (Limit limit : limits) {
			Objects.requireNonNull(limit, "limits must not contain null");
			if (limit.algorithm() != algorithm) {
				throw new IllegalArgumentException("limits of '" + name + "' must share one algorithm, since they share"
						+ " every key's state, but were " + algorithm + " and " + limit.algorithm());
			}
		}
	}

}
