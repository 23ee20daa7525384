package io.limiter;

/**
 * Why a decision was made by the {@link FailurePolicy} instead of the backend.
 */
public enum DegradedReason {

	/** Redis did not answer within the call's deadline, which adapts to the latency observed. */
	TIMEOUT,

	/** The connection to the node that owns the key was lost, refused or is reconnecting. */
	CONNECTION,

	/** The node's circuit breaker is open after repeated failures: Redis was not called. */
	CIRCUIT_OPEN,

	/** The backend has not been connected yet: its first connection did not open within the call's deadline. */
	NOT_CONNECTED,

	/** The calling thread was interrupted while it waited; this says nothing about Redis and opens no breaker. */
	INTERRUPTED,

	/** Redis answered with an error. */
	ERROR;

	/**
	 * Returns the name used in configuration and metrics, such as {@code circuit-open}.
	 * @return the lower-case, hyphenated name
	 */
	public String configName() {
		return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
	}

}
