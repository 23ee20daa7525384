package io.limiter.spring.internal;

import io.limiter.Decision;

/**
 * Records enforced decisions. Implementations derive every tag from the arguments, so that tags known only
 * to a decision (such as the path it took) can be added without changing the callers.
 */
@FunctionalInterface
public interface LimiterMetrics {

	/** Records nothing, when Micrometer is absent. */
	LimiterMetrics NONE = (limit, plan, outcome, decision, nanos) -> {
	};

	/**
	 * Records one enforced decision.
	 * @param limit the limit name
	 * @param plan the plan that decided, {@code default} for the limit's own numbers
	 * @param outcome how it ended
	 * @param decision the decision, or {@code null} when the backend failed and the policy let it through
	 * @param nanos how long the decision took, failure policy included
	 */
	void record(String limit, String plan, Outcome outcome, Decision decision, long nanos);

}
