package io.limiter;

import java.util.List;

/**
 * Changes a limit on a backend as a {@link RateLimiterRegistry} does, for the contracts of the backends, which check
 * what an update keeps of a key's state without a registry around it.
 */
public final class BackendUpdates {

	private BackendUpdates() {
	}

	/**
	 * Changes the setting of a name on a backend.
	 * @param backend one of Limiter's backends
	 * @param name the limit's name
	 * @param limits the new limits, one per plan
	 * @param options how to run them
	 * @return the new limiters
	 */
	public static List<RateLimiter> update(LimiterBackend backend, String name, List<Limit> limits,
			LimiterOptions options) {
		return RateLimiterRegistry.backendUpdate(backend, name, limits, options);
	}

}
