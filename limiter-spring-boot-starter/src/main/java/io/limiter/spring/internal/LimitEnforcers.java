package io.limiter.spring.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.spring.FailurePolicy;
import io.limiter.spring.RateLimiterRegistry;

/**
 * The enforcer of every limit of a registry, by name. Owns the in-memory backend of the limits whose failure
 * policy is {@link FailurePolicy#LOCAL_FALLBACK}.
 */
public final class LimitEnforcers implements AutoCloseable {

	private final Map<String, LimitEnforcer> enforcers = new LinkedHashMap<>();

	private final LimiterBackend fallback;

	/**
	 * Creates the enforcers.
	 * @param registry the limits
	 * @param policies the policy of each limit of the registry
	 * @param fallbackBackend the in-memory backend of local fallbacks, closed with these enforcers
	 * @param metrics where outcomes are recorded
	 */
	public LimitEnforcers(RateLimiterRegistry registry, Map<String, LimitPolicy> policies,
			InMemoryBackend fallbackBackend, LimiterMetrics metrics) {
		this.fallback = fallbackBackend;
		for (String name : registry.names()) {
			this.enforcers.put(name, new LimitEnforcer(name, registry, policies.get(name), fallbackBackend, metrics));
		}
	}

	/**
	 * Returns the enforcer of a limit.
	 * @param name the limit name
	 * @return the enforcer
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit
	 */
	public LimitEnforcer get(String name) {
		LimitEnforcer enforcer = this.enforcers.get(name);
		if (enforcer == null) {
			throw new IllegalArgumentException(
					"no limit named '" + name + "'; the limits are " + this.enforcers.keySet());
		}
		return enforcer;
	}

	/**
	 * Returns every enforcer, in configuration order.
	 * @return the enforcers
	 */
	public Collection<LimitEnforcer> all() {
		return this.enforcers.values();
	}

	@Override
	public void close() {
		this.fallback.close();
	}

}
