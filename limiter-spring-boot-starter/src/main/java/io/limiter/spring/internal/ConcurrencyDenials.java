package io.limiter.spring.internal;

import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;

/**
 * What the filters and the aspect answer a concurrency limit's denial with, as a {@link Decision} for the denial's
 * body, {@code Retry-After} and {@link io.limiter.spring.RateLimitExceededException}.
 */
public final class ConcurrencyDenials {

	/**
	 * How long a denied client is told to wait ({@code Retry-After}): a permit comes back when a request ends, which
	 * no one can foretell, so one second, the least the header can say.
	 */
	public static final long RETRY_AFTER_MILLIS = 1000;

	private ConcurrencyDenials() {
	}

	/**
	 * Returns the decision a denial is answered with: the limit, nothing remaining, and {@link #RETRY_AFTER_MILLIS}.
	 * @param denied the denial
	 * @return the decision
	 */
	public static Decision decision(ConcurrencyPermit denied) {
		return Decision.denied(denied.limit(), 0, RETRY_AFTER_MILLIS, RETRY_AFTER_MILLIS);
	}

}
