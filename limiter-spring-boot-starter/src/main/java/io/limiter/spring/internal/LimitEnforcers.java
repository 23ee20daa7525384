package io.limiter.spring.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.limiter.spring.LimitPlanResolver;
import io.limiter.LimiterBackend;
import io.limiter.RateLimiterRegistry;

/**
 * The enforcer of every limit of a registry, by name.
 */
public final class LimitEnforcers {

	private final Map<String, LimitEnforcer> enforcers = new LinkedHashMap<>();

	private final LimiterBackend backend;

	/**
	 * Creates the enforcers of limits that may have plans.
	 * @param registry the limits
	 * @param shadowLimits the limits in shadow mode
	 * @param plans chooses the plan of each key of a limit with plans, or {@code null} when no limit has plans
	 * @throws IllegalArgumentException naming the limit and its plans when a limit has plans and no resolver is given
	 */
	public LimitEnforcers(RateLimiterRegistry registry, Set<String> shadowLimits, LimitPlanResolver plans) {
		this.backend = registry.backend();
		for (String name : registry.names()) {
			if (plans == null && registry.plans(name).size() > 1) {
				throw new IllegalArgumentException("limit '" + name + "' has the plans " + registry.plans(name)
						+ " but there is no LimitPlanResolver bean to choose one per key");
			}
			this.enforcers.put(name, new LimitEnforcer(name, registry, shadowLimits.contains(name), plans));
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
	 * Returns the backend that decides every limit.
	 * @return the registry's backend
	 */
	public LimiterBackend backend() {
		return this.backend;
	}

	/**
	 * Returns every enforcer, in configuration order.
	 * @return the enforcers
	 */
	public Collection<LimitEnforcer> all() {
		return this.enforcers.values();
	}

}
