package io.limiter;

import java.util.Objects;

/**
 * The backend failed: it raised an error, did not answer in time, or was not connected. A decision is then made by
 * the {@link FailurePolicy} instead, and {@link LimiterObserver#onBackendFailure} hears of it; what no failure policy
 * makes up (a look, an admin operation) throws it. It never means a denial: a denial is a {@link Decision}.
 */
public class LimiterBackendException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** The kind of failure, as decisions made by the failure policy report it. */
	private final DegradedReason reason;

	/**
	 * Creates an exception for a failed call.
	 * @param message what failed, naming the limit
	 * @param cause the underlying failure
	 */
	public LimiterBackendException(String message, Throwable cause) {
		this(message, cause, DegradedReason.ERROR);
	}

	/**
	 * Creates an exception.
	 * @param message what failed, naming the limit
	 * @param cause the underlying failure
	 * @param reason the kind of failure
	 */
	public LimiterBackendException(String message, Throwable cause, DegradedReason reason) {
		super(message, cause);
		this.reason = Objects.requireNonNull(reason, "reason must not be null");
	}

	/**
	 * Returns the kind of failure, as decisions made by the failure policy report it.
	 * @return the reason
	 */
	public DegradedReason reason() {
		return this.reason;
	}

}
