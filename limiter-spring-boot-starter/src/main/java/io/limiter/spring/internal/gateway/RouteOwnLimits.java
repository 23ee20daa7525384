package io.limiter.spring.internal.gateway;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import org.jspecify.annotations.Nullable;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcer;

/**
 * The own limits of gateway routes ({@code route.<route id>}), each in a registry of its own, by name: a route's limit
 * is registered when it is made (and again when the gateway reloads the route), and the {@code limiters} endpoint
 * lists them, reads their keys and adjusts them beside the configured limits. Safe to register into while the
 * endpoint reads.
 */
public final class RouteOwnLimits {

	private final Map<String, Registered> limits = new ConcurrentSkipListMap<>();

	/**
	 * Registers a route's own limit, in place of the one of the same name.
	 * @param registry the registry of the limit
	 * @param enforcer the enforcer of the limit, which names it
	 */
	public void register(RateLimiterRegistry registry, LimitEnforcer enforcer) {
		this.limits.put(enforcer.name(), new Registered(registry, enforcer));
	}

	/**
	 * Returns a route's own limit.
	 * @param name the limit name, {@code route.<route id>}
	 * @return the limit, or {@code null} when no route has a limit of that name
	 */
	public @Nullable Registered get(String name) {
		return this.limits.get(name);
	}

	/**
	 * Returns every route's own limit.
	 * @return the limits, by name
	 */
	public Collection<Registered> all() {
		return this.limits.values();
	}

	/**
	 * A limit and the registry it lives in.
	 * @param registry the registry
	 * @param enforcer the limit's enforcer
	 */
	public record Registered(RateLimiterRegistry registry, LimitEnforcer enforcer) {
	}

}
