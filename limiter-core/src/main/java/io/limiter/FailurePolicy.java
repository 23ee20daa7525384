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

	/**
	 * Parses a configuration name such as {@code fail-open}; case and {@code _} versus {@code -} do not matter.
	 * @param name the configuration name
	 * @return the policy
	 * @throws IllegalArgumentException naming the value and the accepted names when it is unknown
	 */
	public static FailurePolicy fromConfigName(String name) {
		if (name != null) {
			String normalized = name.trim().replace('-', '_');
			for (FailurePolicy policy : values()) {
				if (policy.name().equalsIgnoreCase(normalized)) {
					return policy;
				}
			}
		}
		throw new IllegalArgumentException(
				"failure policy must be one of fail-open, fail-closed, local-fallback but was '" + name + "'");
	}

}
