package io.limiter.internal.failure;

import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;

/**
 * A call that Redis refused for now and asks to be tried again later: {@code TRYAGAIN}, which a cluster node answers
 * a script whose keys are split between two masters while their slot migrates. The node is up and answering, so the
 * failure policy decides the call but it does not count toward the node's circuit breaker: the other keys of that
 * master are decided by Redis meanwhile.
 */
public final class RetryLaterException extends LimiterBackendException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates an exception.
	 * @param message what was refused
	 * @param cause the refusal
	 */
	public RetryLaterException(String message, Throwable cause) {
		super(message, cause, DegradedReason.ERROR);
	}

}
