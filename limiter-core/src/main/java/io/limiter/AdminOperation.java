package io.limiter;

/**
 * What an administrator, or code that counts after the fact, can do to a key beside deciding: the operations of
 * {@link RateLimiter#reset(String)}, {@link RateLimiter#addPermits(String, long)},
 * {@link RateLimiter#refund(String, Decision)} and {@link RateLimiter#penalize(String, long)}, as metrics name them.
 */
public enum AdminOperation {

	/** The key starts afresh, as a key never seen. */
	RESET("reset"),

	/** Permits are given to the key now, in its current window, up to what a fresh key has. */
	ADD_PERMITS("add-permits"),

	/** The permits of one grant are given back where the grant took them, as far as they still hold capacity there. */
	REFUND("refund"),

	/** Permits are taken unconditionally, even beyond what is left, to a bounded debt. */
	PENALTY("penalty");

	private final String configName;

	AdminOperation(String configName) {
		this.configName = configName;
	}

	/**
	 * Returns the name used in metrics, logs and the Actuator endpoint.
	 * @return the lower-case name
	 */
	public String configName() {
		return this.configName;
	}

	/**
	 * How an operation ended, as {@link LimiterObserver#onAdminOperation} hears of it.
	 */
	public enum Outcome {

		/** Applied where the key's state lives (Redis, or memory for the in-memory backend). */
		APPLIED("applied"),

		/**
		 * Redis failed and the limit's failure policy is {@link FailurePolicy#LOCAL_FALLBACK}: applied to this
		 * instance's share of the limit only.
		 */
		FALLBACK("fallback"),

		/** Not applied: the backend failed, and the caller got the failure. */
		FAILED("failed");

		private final String configName;

		Outcome(String configName) {
			this.configName = configName;
		}

		/**
		 * Returns the name used in metrics.
		 * @return the lower-case name
		 */
		public String configName() {
			return this.configName;
		}

	}

}
