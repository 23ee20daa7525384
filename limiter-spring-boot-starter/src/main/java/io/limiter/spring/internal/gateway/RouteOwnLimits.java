package io.limiter.spring.internal.gateway;

import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

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

	private final Map<String, Registered> limits = new ConcurrentHashMap<>();

	/**
	 * Registers a route's own limit, made or changed atomically with the registry of the limit of that name.
	 * @param name the limit name, {@code route.<route id>}
	 * @param registry makes the limit's registry from the one registered under that name ({@code null} if none):
	 * a new registry, or the one given, updated; what it throws leaves the registered limit as it was
	 * @param shadow whether the limit is in shadow mode
	 * @return the enforcer of the limit
	 */
	public LimitEnforcer register(String name, UnaryOperator<@Nullable RateLimiterRegistry> registry, boolean shadow) {
		return this.limits.compute(name, (key, existing) -> {
			RateLimiterRegistry made = registry.apply((existing != null) ? existing.registry() : null);
			return new Registered(made, new LimitEnforcer(name, made, shadow));
		}).enforcer();
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
	 * @return the limits, in the order of their names
	 */
	public Collection<Registered> all() {
		return this.limits.values().stream().sorted(Comparator.comparing((limit) -> limit.enforcer().name())).toList();
	}

	/**
	 * A limit and the registry it lives in.
	 * @param registry the registry
	 * @param enforcer the limit's enforcer
	 */
	public record Registered(RateLimiterRegistry registry, LimitEnforcer enforcer) {
	}

}
