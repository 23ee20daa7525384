package io.limiter.internal.failure;

import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;

/**
 * A call that passed its deadline while its node answered other calls: the node is busy, or this process too
 * busy to read its answers in time, not down. The failure policy decides the call, but it does not count toward
 * the node's circuit breaker.
 */
public final class SlowAnswerException extends LimiterBackendException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates an exception.
	 * @param message what was late
	 * @param cause the timeout
	 */
	public SlowAnswerException(String message, Throwable cause) {
		super(message, cause, DegradedReason.TIMEOUT);
	}

}
