package io.limiter.spring.autoconfigure;

import java.util.Map;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.core.NestedExceptionUtils;

import io.limiter.LimiterBackend;
import io.limiter.RateLimiterRegistry;
import io.limiter.integration.LimitNames;
import io.limiter.spring.autoconfigure.GatewayLimitSettings.OwnLimit;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.gateway.RouteLimit;
import io.limiter.spring.internal.gateway.RouteLimits;
import io.limiter.spring.internal.gateway.RouteOwnLimits;

/**
 * The limits of gateway routes, on WebFlux and on Spring MVC: a route that names a limit of {@code limiter.limits}
 * gets its enforcer (plans included); a route that gives a limit of its own gets a limit of the backend named
 * {@code route.<route id>}, in a registry of its own, so that it has the local tier and the failure policy as a
 * configured limit has; it is said in the log when it is made, and registered in {@link RouteOwnLimits} for the
 * {@code limiters} endpoint. A route whose settings change when the gateway reloads
 * its routes keeps its keys' state (see {@link RateLimiterRegistry}). Every refusal names the route, the setting and
 * its value.
 */
final class GatewayRouteLimits implements RouteLimits<GatewayLimitSettings> {

	/** The prefix of the name of a route's own limit. */
	static final String OWN_LIMIT_PREFIX = "route.";

	private static final Log logger = LogFactory.getLog(GatewayRouteLimits.class);

	private final String prefix;

	private final LimitEnforcers enforcers;

	private final Set<String> configuredLimits;

	private final LimiterBackend backend;

	private final RouteOwnLimits registered;

	/**
	 * Creates the limits of routes.
	 * @param prefix the prefix of the routes' settings in messages: {@code limiter} or {@code LimiterRateLimit}
	 * @param registry the configured limits, whose backend keeps the routes' own limits too
	 * @param enforcers the enforcers of the configured limits
	 * @param registered where the routes' own limits are registered as they are made
	 */
	GatewayRouteLimits(String prefix, RateLimiterRegistry registry, LimitEnforcers enforcers,
			RouteOwnLimits registered) {
		this.prefix = prefix;
		this.enforcers = enforcers;
		this.configuredLimits = registry.names();
		this.backend = registry.backend();
		this.registered = registered;
	}

	@Override
	public RouteLimit limit(String routeId, GatewayLimitSettings settings) {
		String route = "route '" + routeId + "'";
		OwnLimit own = settings.ownLimit(this.prefix, route);
		LimitEnforcer enforcer = (own != null) ? own(routeId, own, settings.isShadow()) : named(route, settings);
		requireCapacity(route, enforcer, settings);
		return new RouteLimit(enforcer, settings.getCost());
	}

	@Override
	public void checkNamedLimit(String route, GatewayLimitSettings settings) {
		if (settings.getLimit() != null) {
			requireCapacity(route, named(route, settings), settings);
		}
	}

	private void requireCapacity(String route, LimitEnforcer enforcer, GatewayLimitSettings settings) {
		try {
			enforcer.requireCapacity(settings.getCost(), route);
		}
		catch (IllegalArgumentException ex) {
			throw GatewayLimitSettings.invalid(this.prefix, route, "cost", settings.getCost(), ex.getMessage());
		}
	}

	@Override
	public RuntimeException unbindable(String routeId, BindException failure) {
		return unbindable(failure.getName().toString(), routeId, failure);
	}

	/**
	 * Returns the failure to report for a route's setting that could not be bound.
	 * @param setting the setting as the route gives it, such as {@code limiter.period}
	 * @param routeId the route's id
	 * @param failure the binding failure
	 * @return the failure, naming the setting, the route and the value
	 */
	static InvalidLimiterPropertyException unbindable(String setting, String routeId, BindException failure) {
		Object value = (failure.getProperty() != null) ? failure.getProperty().getValue() : null;
		return new InvalidLimiterPropertyException(setting + GatewayLimitSettings.on("route '" + routeId + "'"), value,
				NestedExceptionUtils.getMostSpecificCause(failure).getMessage(), failure);
	}

	private LimitEnforcer named(String route, GatewayLimitSettings settings) {
		try {
			return this.enforcers.get(settings.getLimit());
		}
		catch (IllegalArgumentException ex) {
			throw GatewayLimitSettings.invalid(this.prefix, route, "limit", settings.getLimit(), ex.getMessage());
		}
	}

	private LimitEnforcer own(String routeId, OwnLimit own, boolean shadow) {
		String name = OWN_LIMIT_PREFIX + routeId;
		try {
			LimitNames.check(name);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException("id of route '" + routeId + "'", routeId,
					"a route's own limit is named " + OWN_LIMIT_PREFIX + "<route id>, and " + ex.getMessage(), ex);
		}
		if (this.configuredLimits.contains(name)) {
			throw new InvalidLimiterPropertyException("id of route '" + routeId + "'", routeId, "the route's own limit"
					+ " would be named " + name + ", which is the name of a limit of limiter.limits", null);
		}
		return this.registered.register(name, (existing) -> registry(routeId, name, existing, own), shadow);
	}

	/**
	 * Returns the registry of a route's own limit: a new one, or the existing one with the limit's new numbers.
	 */
	private RateLimiterRegistry registry(String routeId, String name, RateLimiterRegistry existing, OwnLimit own) {
		String route = "route '" + routeId + "'";
		if (existing == null) {
			logger.info("Gateway " + route + " is limited by its own limit '" + name + "': " + own.limit()
					+ ", local tier " + own.options().localTier().mode() + ", failure policy "
					+ ((own.options().failurePolicy() != null) ? own.options().failurePolicy()
							: "of limiter.failure-policy"));
			return new RateLimiterRegistry(this.backend, Map.of(name, own.limit()), Map.of(name, own.options()));
		}
		if (!existing.options(name).equals(own.options())) {
			throw GatewayLimitSettings.invalid(this.prefix, route, "local-tier or " + this.prefix + ".failure-policy",
					own.options(), "the local tier and failure policy of a route's own limit change on a restart, "
							+ "they were " + existing.options(name));
		}
		try {
			existing.update(name, own.limit());
		}
		catch (IllegalArgumentException ex) {
			throw GatewayLimitSettings.invalid(this.prefix, route, "capacity", own.limit(), ex.getMessage());
		}
		return existing;
	}

}
