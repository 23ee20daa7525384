package io.limiter;

import java.util.Objects;

/**
 * Why a backend could not decide: it failed, did not answer in time, or was not connected. The
 * {@link FailurePolicy} decides instead, and {@link LimiterObserver#onBackendFailure} hears of it.
 */
public class RateLimiterException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** The kind of failure, as decisions made by the failure policy report it. */
	private final DegradedReason reason;

	/**
	 * Creates an exception for a failed call.
	 * @param message what failed, naming the limit
	 * @param cause the underlying failure
	 */
	public RateLimiterException(String message, Throwable cause) {
		this(message, cause, DegradedReason.ERROR);
	}

	/**
	 * Creates an exception.
	 * @param message what failed, naming the limit
	 * @param cause the underlying failure
	 * @param reason the kind of failure
	 */
	public RateLimiterException(String message, Throwable cause, DegradedReason reason) {
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
