package io.limiter.spring.internal.metrics;

import io.limiter.Limit;
import io.limiter.spring.LimitPlanResolver;

/**
 * Tells which plan of a limit a limiter's settings are, for the {@code plan} tag of the decisions.
 */
@FunctionalInterface
public interface PlanNames {

	/**
	 * Returns the plan of the limiter that decided.
	 * @param limitName the limit
	 * @param limit the settings of the limiter that decided
	 * @return the plan's name, {@value LimitPlanResolver#DEFAULT_PLAN} for the limit's own numbers
	 */
	String planOf(String limitName, Limit limit);

}
