package io.limiter.spring.internal.metrics;

import java.util.Set;
import java.util.function.Supplier;

import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;
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

	/**
	 * Returns the plans of a registry's limiters: of a limit with plans, the plan whose current limiter has exactly
	 * these settings (the same instance); {@value LimitPlanResolver#DEFAULT_PLAN} otherwise, also for a limit the
	 * registry does not know or a limiter that an update has replaced.
	 * @param registry the registry, obtained at the first decision (the observer is made before it)
	 * @return the plan names
	 */
	static PlanNames of(Supplier<RateLimiterRegistry> registry) {
		return (limitName, limit) -> {
			RateLimiterRegistry limiters = registry.get();
			if (limiters.names().contains(limitName)) {
				Set<String> plans = limiters.plans(limitName);
				for (String plan : (plans.size() > 1) ? plans : Set.<String>of()) {
					if (limiters.limiter(limitName, plan).limit() == limit) {
						return plan;
					}
				}
			}
			return LimitPlanResolver.DEFAULT_PLAN;
		};
	}

}
