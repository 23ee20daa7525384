package io.limiter.spring.internal;

import java.util.Objects;

import io.limiter.FailurePolicy;

/**
 * How a limit is enforced beyond its algorithm: what happens when the backend fails, and whether it only
 * counts (shadow mode).
 * @param failurePolicy the failure policy
 * @param shadow whether denials are counted and logged but never enforced
 */
public record LimitPolicy(FailurePolicy failurePolicy, boolean shadow) {

	/**
	 * Creates a policy.
	 * @param failurePolicy the failure policy
	 * @param shadow whether the limit is in shadow mode
	 */
	public LimitPolicy {
		Objects.requireNonNull(failurePolicy, "failurePolicy must not be null");
	}

}
