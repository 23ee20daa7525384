package io.limiter.spring.autoconfigure;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.core.NestedExceptionUtils;

import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterOptions;
import io.limiter.RateLimiterRegistry;
import io.limiter.integration.LimitNames;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.gateway.RouteLimit;
import io.limiter.spring.internal.gateway.RouteLimits;

/**
 * The limits of gateway routes: a route that names a limit of {@code limiter.limits} gets its enforcer (plans
 * included); a route that gives a limit of its own gets a limit of the backend named {@code route.<route id>}, in a
 * registry of its own, so that it has the local tier and the failure policy as a configured limit has. A route whose
 * settings change when the gateway reloads its routes keeps its keys' state (see {@link RateLimiterRegistry}).
 * Every refusal names the route, the setting and its value.
 */
final class GatewayRouteLimits implements RouteLimits<GatewayLimitSettings> {

	/** The prefix of the route's filter arguments that the settings bind from. */
	static final String PREFIX = "limiter";

	/** The prefix of the name of a route's own limit. */
	static final String OWN_LIMIT_PREFIX = "route.";

	private final LimitEnforcers enforcers;

	private final Set<String> configuredLimits;

	private final LimiterBackend backend;

	/** The registries of the routes' own limits, by limit name. */
	private final Map<String, RateLimiterRegistry> ownLimits = new ConcurrentHashMap<>();

	/**
	 * Creates the limits of routes.
	 * @param registry the configured limits, whose backend keeps the routes' own limits too
	 * @param enforcers the enforcers of the configured limits
	 */
	GatewayRouteLimits(RateLimiterRegistry registry, LimitEnforcers enforcers) {
		this.enforcers = enforcers;
		this.configuredLimits = registry.names();
		this.backend = registry.backend();
	}

	@Override
	public RouteLimit limit(String routeId, GatewayLimitSettings settings) {
		LimitEnforcer enforcer = (settings.getLimit() != null) ? named(routeId, settings) : own(routeId, settings);
		if (settings.getCost() < 1) {
			throw new InvalidLimiterPropertyException(property(routeId, "cost"), settings.getCost(),
					"a request takes at least one permit", null);
		}
		try {
			enforcer.requireCapacity(settings.getCost(), "route '" + routeId + "'");
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property(routeId, "cost"), settings.getCost(), ex.getMessage(),
					ex);
		}
		return new RouteLimit(enforcer, settings.getCost());
	}

	@Override
	public RuntimeException unbindable(String routeId, BindException failure) {
		Object value = (failure.getProperty() != null) ? failure.getProperty().getValue() : null;
		return new InvalidLimiterPropertyException(failure.getName() + onRoute(routeId), value,
				NestedExceptionUtils.getMostSpecificCause(failure).getMessage(), failure);
	}

	private LimitEnforcer named(String routeId, GatewayLimitSettings settings) {
		if (settings.hasOwnLimit()) {
			throw new InvalidLimiterPropertyException(property(routeId, "limit"), settings.getLimit(),
					"the route names a limit and gives capacity, period, calendar or rates: give one or the other",
					null);
		}
		try {
			return this.enforcers.get(settings.getLimit());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property(routeId, "limit"), settings.getLimit(), ex.getMessage(),
					ex);
		}
	}

	private LimitEnforcer own(String routeId, GatewayLimitSettings settings) {
		if (!settings.hasOwnLimit()) {
			throw new InvalidLimiterPropertyException(property(routeId, "limit"), null, "name a limit of "
					+ "limiter.limits, or give the route's own limit: capacity and period, calendar, or rates", null);
		}
		if (!settings.getPlans().isEmpty()) {
			throw new InvalidLimiterPropertyException(property(routeId, "plans"), settings.getPlans().keySet(),
					"plans belong to a limit of limiter.limits, which the route names with limiter.limit", null);
		}
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
		Limit limit;
		LimiterOptions options;
		try {
			limit = LimitDefinitions.limit(PREFIX, "route '" + routeId + "'", settings);
			options = LimitDefinitions.options(PREFIX, settings);
		}
		catch (InvalidLimiterPropertyException ex) {
			throw new InvalidLimiterPropertyException(ex.property() + onRoute(routeId), ex.value(), ex.reason(), ex);
		}
		RateLimiterRegistry registry = this.ownLimits.compute(name,
				(key, existing) -> registry(routeId, name, existing, limit, options));
		return new LimitEnforcer(name, registry, settings.isShadow());
	}

	/**
	 * Returns the registry of a route's own limit: a new one, or the existing one with the limit's new numbers.
	 */
	private RateLimiterRegistry registry(String routeId, String name, RateLimiterRegistry existing, Limit limit,
			LimiterOptions options) {
		if (existing == null) {
			return new RateLimiterRegistry(this.backend, Map.of(name, limit), Map.of(name, options));
		}
		if (!existing.options(name).equals(options)) {
			throw new InvalidLimiterPropertyException(
					PREFIX + ".local-tier or " + PREFIX + ".failure-policy" + onRoute(routeId),
					options, "the local tier and failure policy of a route's own limit change on a restart, "
							+ "they were " + existing.options(name),
					null);
		}
		try {
			existing.update(name, limit);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property(routeId, "capacity"), limit, ex.getMessage(), ex);
		}
		return existing;
	}

	private static String property(String routeId, String setting) {
		return PREFIX + "." + setting + onRoute(routeId);
	}

	private static String onRoute(String routeId) {
		return " (route '" + routeId + "')";
	}

}
