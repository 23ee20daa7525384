package io.limiter.spring.internal;

import java.util.List;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.RateLimitExceededException;
import io.limiter.RateLimiterRegistry;

/**
 * What enforcing one limit on one request concluded.
 * @param limitName the limit's name
 * @param plan the plan that decided, {@link LimitPlanResolver#DEFAULT_PLAN} for the limit's own numbers
 * @param limit the plan's settings when it decided
 * @param decision the decision to report in headers, or {@code null} when there is none to report (the
 * backend failed and the request goes on, or the limit is in shadow mode)
 * @param allowed whether the request may go on
 * @param grant the grant that took the permits from the backend, whose receipt a refund gives back where they were
 * taken, or {@code null} when nothing was taken (the limit denied, or the failure policy decided without the backend)
 */
public record Enforcement(String limitName, String plan, Limit limit, Decision decision, boolean allowed,
		Decision grant) {

	/**
	 * Returns whether the backend took the permits, so that a refund can give them back.
	 * @return {@code true} when {@link #grant()} is set
	 */
	public boolean charged() {
		return this.grant != null;
	}

	/**
	 * Returns whether the enforcement has a decision to report to the client.
	 * @return {@code true} when {@link #decision()} is set
	 */
	public boolean reportable() {
		return this.decision != null;
	}

	/**
	 * Returns the enforcements to report in the answer to a {@link RateLimitExceededException}.
	 * @param registry the limits
	 * @param exception the exception
	 * @return its decision when its limit and plan are the registry's, else none (the policy is not known)
	 */
	public static List<Enforcement> of(RateLimiterRegistry registry, RateLimitExceededException exception) {
		String name = exception.limitName();
		String plan = exception.plan();
		if (!registry.names().contains(name) || !registry.plans(name).contains(plan)) {
			return List.of();
		}
		return List.of(
				new Enforcement(name, plan, registry.limiter(name, plan).limit(), exception.decision(), false, null));
	}

}
