package io.limiter.spring;

import java.util.Objects;

import io.limiter.Decision;

/**
 * Thrown by a {@link RateLimited} method whose limit denied the call and that has no fallback (or signalled by
 * its {@code Mono}, {@code Flux} or stage). Spring MVC and WebFlux answer it with 429, {@code Retry-After} and an
 * {@code application/problem+json} body.
 */
public class RateLimitExceededException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** The name of the limit that denied the call. */
	private final String limitName;

	/** The plan of the limit that denied the call. */
	private final String plan;

	private final transient Decision decision;

	/**
	 * Creates an exception of a limit's default plan.
	 * @param limitName the name of the limit that denied the call
	 * @param decision the denying decision
	 */
	public RateLimitExceededException(String limitName, Decision decision) {
		this(limitName, LimitPlanResolver.DEFAULT_PLAN, decision);
	}

	/**
	 * Creates an exception.
	 * @param limitName the name of the limit that denied the call
	 * @param plan the plan of the limit that denied it, {@link LimitPlanResolver#DEFAULT_PLAN} for the limit's own
	 * numbers
	 * @param decision the denying decision
	 */
	public RateLimitExceededException(String limitName, String plan, Decision decision) {
		super("Rate limit '" + limitName + "' exceeded; retry after " + decision.retryAfterMillis() + " ms");
		this.limitName = Objects.requireNonNull(limitName, "limitName must not be null");
		this.plan = Objects.requireNonNull(plan, "plan must not be null");
		this.decision = Objects.requireNonNull(decision, "decision must not be null");
	}

	/** {@return the name of the limit that denied the call} */
	public String limitName() {
		return this.limitName;
	}

	/**
	 * Returns the plan of the limit that denied the call.
	 * @return the plan name, {@link LimitPlanResolver#DEFAULT_PLAN} for the limit's own numbers
	 */
	public String plan() {
		return this.plan;
	}

	/** {@return the denying decision, with its retry-after} */
	public Decision decision() {
		return this.decision;
	}

}
