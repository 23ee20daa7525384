package io.limiter;

/**
 * Why a backend could not decide: it failed, did not answer in time, or was not connected. The
 * {@link FailurePolicy} decides instead, and {@link LimiterObserver#onBackendFailure} hears of it.
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
