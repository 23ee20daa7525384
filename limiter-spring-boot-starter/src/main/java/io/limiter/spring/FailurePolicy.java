package io.limiter.spring;

/**
 * What a decision is when the backend fails or does not answer in time.
 */
public enum FailurePolicy {

	/** Allow the request: an outage of Redis does not become an outage of the service. */
	FAIL_OPEN,

	/** Deny the request, with a retry-after of one second (at most one period). */
	FAIL_CLOSED,

	/**
	 * Decide the request on an in-memory limiter of the same limit, per instance: while Redis is down each
	 * instance grants up to the whole limit on its own.
	 */
	LOCAL_FALLBACK

}
