package io.limiter.spring.autoconfigure;

import io.limiter.Limit;
import io.limiter.LimiterOptions;

/**
 * The limit of one Spring Cloud Gateway route, on WebFlux or on Spring MVC: either {@code limit}, the name of a limit
 * of {@code limiter.limits} (with its plans, rates, local tier and failure policy), or a limit of the route's own,
 * given as a limit is ({@code capacity} and {@code period}, or {@code rates}, and optionally {@code algorithm},
 * {@code failure-policy}, {@code local-tier}, {@code shadow}); and the {@code cost} of a request. A WebFlux route
 * binds them from its {@code RequestRateLimiter} filter arguments under {@code limiter.}, a Spring MVC route from the
 * arguments of its {@code LimiterRateLimit} filter.
 */
public class GatewayLimitSettings extends LimitSettings {

	/** Name of a limit of 'limiter.limits' that decides the route's requests; instead of a limit of its own. */
	private String limit;

	/** Permits each request takes. */
	private long cost = 1;

	public String getLimit() {
		return this.limit;
	}

	public void setLimit(String limit) {
		this.limit = limit;
	}

	public long getCost() {
		return this.cost;
	}

	public void setCost(long cost) {
		this.cost = cost;
	}

	/**
	 * Checks what needs none of the application's limits: a limit named or one of the route's own given (not both, not
	 * neither), the route's own limit with its local tier and failure policy, and the cost of a request.
	 * @param prefix the prefix of the settings in messages, such as {@code limiter}
	 * @param route the route in messages, such as {@code route 'hello'}
	 * @throws InvalidLimiterPropertyException naming the setting, the route and the value
	 */
	public void check(String prefix, String route) {
		ownLimit(prefix, route);
	}

	/**
	 * Checks the settings as {@link #check(String, String)} does and returns the route's own limit.
	 * @return the route's own limit, or {@code null} when the route names a limit of {@code limiter.limits}
	 */
	OwnLimit ownLimit(String prefix, String route) {
		if (this.cost < 1) {
			throw invalid(prefix, route, "cost", this.cost, "a request takes at least one permit");
		}
		if (this.limit != null) {
			if (hasOwnLimit()) {
				throw invalid(prefix, route, "limit", this.limit,
						"the route names a limit and gives capacity, period, calendar or rates: give one or the other");
			}
			return null;
		}
		if (!hasOwnLimit()) {
			throw invalid(prefix, route, "limit", null, "name a limit of limiter.limits, or give the route's own "
					+ "limit: capacity and period, calendar, or rates");
		}
		if (!getPlans().isEmpty()) {
			throw invalid(prefix, route, "plans", getPlans().keySet(),
					"plans belong to a limit of limiter.limits, which the route names with " + prefix + ".limit");
		}
		try {
			return new OwnLimit(LimitDefinitions.limit(prefix, route, this), LimitDefinitions.regionalOptions(prefix, this));
		}
		catch (InvalidLimiterPropertyException ex) {
			throw new InvalidLimiterPropertyException(ex.property() + on(route), ex.value(), ex.reason(), ex);
		}
	}

	private boolean hasOwnLimit() {
		return getCapacity() != null || getPeriod() != null || getCalendar() != null || !getRates().isEmpty();
	}

	static InvalidLimiterPropertyException invalid(String prefix, String route, String setting, Object value,
			String reason) {
		return new InvalidLimiterPropertyException(prefix + "." + setting + on(route), value, reason, null);
	}

	static String on(String route) {
		return " (" + route + ")";
	}

	/**
	 * The checked limit of a route's own.
	 * @param limit its rates and algorithm
	 * @param options its local tier and failure policy
	 */
	record OwnLimit(Limit limit, LimiterOptions options) {
	}

}
