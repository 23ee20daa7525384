package io.limiter;

/**
 * Hears what a backend does behind the decisions, for metrics. Methods are called on hot paths and from
 * I/O threads: they must be fast and must not block or throw.
 */
public interface LimiterObserver {

	/** An observer that ignores everything. */
	LimiterObserver NONE = new LimiterObserver() {
	};

	/**
	 * A script was sent to Redis: a decision, or a borrow or give-back of the local tier.
	 */
	default void onRedisCall() {
	}

	/**
	 * The backend failed, or the circuit breaker refused to call it, and the failure policy decided instead:
	 * once per degraded decision.
	 * @param limitName the limit
	 * @param policy the policy that decided
	 * @param reason why the backend did not decide
	 * @param failure what failed
	 */
	default void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
	}

	/**
	 * An in-memory limit (the {@link InMemoryBackend}, or the local fallback of a {@link RedisBackend}) had no room
	 * for the state of a new key, because every key it keeps still owes, and decided the request by the limit's
	 * overflow state, which every key without room shares. Such decisions are conservative: no key gets more than
	 * its own state would have given it, but new keys share one budget while the overflow lasts.
	 * @param limitName the limit
	 */
	default void onMemoryOverflow(String limitName) {
	}

	/**
	 * An admin operation ({@link RateLimiter#reset(String)}, {@link RateLimiter#refund(String, long)},
	 * {@link RateLimiter#penalize(String, long)} or their asynchronous twins) ended.
	 * @param limitName the limit
	 * @param operation the operation
	 * @param outcome whether it was applied, applied to this instance's local share only, or failed
	 */
	default void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
	}

}
