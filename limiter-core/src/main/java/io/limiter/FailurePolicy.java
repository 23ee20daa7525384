package io.limiter;

/**
 * What a decision is when the backend fails or does not answer in time.
 */
public enum FailurePolicy {

	/** Allow the request: availability over protection. */
	FAIL_OPEN,

	/** Deny the request: protection over availability. */
	FAIL_CLOSED,

	/**
	 * Decide in process with an in-memory limiter of the same algorithm, whose capacity may be divided among
	 * the instances of the service so that together they stay near the global limit.
	 */
	LOCAL_FALLBACK;

}
