package io.limiter;

/**
 * Thrown, or used to complete a stage exceptionally, when a decision cannot be made: the backend failed or
 * did not answer in time, and the failure policy says to report it.
 */
public class RateLimiterException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates an exception.
	 * @param message what failed, naming the limit
	 * @param cause the underlying failure
	 */
	public RateLimiterException(String message, Throwable cause) {
		super(message, cause);
	}

}
