package io.limiter.spring.internal;

import io.limiter.Decision;
import io.limiter.Limit;

/**
 * What enforcing one limit on one request concluded.
 * @param limitName the limit's name
 * @param limit the limit's settings when it decided
 * @param decision the decision to report in headers, or {@code null} when there is none to report (the
 * backend failed and the request goes on, or the limit is in shadow mode)
 * @param allowed whether the request may go on
 */
public record Verdict(String limitName, Limit limit, Decision decision, boolean allowed) {

	/**
	 * Returns whether the verdict has a decision to report to the client.
	 * @return {@code true} when {@link #decision()} is set
	 */
	public boolean reportable() {
		return this.decision != null;
	}

}
