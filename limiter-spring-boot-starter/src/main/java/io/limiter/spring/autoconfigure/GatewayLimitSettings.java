package io.limiter.spring.autoconfigure;

/**
 * The limit of one Spring Cloud Gateway route, from the route's filter arguments under {@code limiter.}: either
 * {@code limit}, the name of a limit of {@code limiter.limits} (with its plans, rates, local tier and failure
 * policy), or a limit of the route's own, given as a limit is ({@code capacity} and {@code period}, or
 * {@code rates}, and optionally {@code algorithm}, {@code failure-policy}, {@code local-tier}, {@code shadow}).
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
	 * Returns whether the route gives a limit of its own.
	 * @return {@code true} when a capacity, period, calendar or rates is set
	 */
	boolean hasOwnLimit() {
		return getCapacity() != null || getPeriod() != null || getCalendar() != null || !getRates().isEmpty();
	}

}
