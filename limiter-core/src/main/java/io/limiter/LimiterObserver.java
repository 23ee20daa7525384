package io.limiter;

/**
 * Hears every decision of a backend's limiters, rate and concurrency limiters alike, and what the backend does behind
 * them, for metrics: the one place where decisions are reported. Methods are called on hot paths and from I/O threads: they must be fast and must not
 * block. What a method throws is caught and logged (a warning naming the observer's class and the method, at most
 * one line every 10 s): it changes no decision, leaves no permit held, and the other observers still hear of the event.
 */
public interface LimiterObserver {

	/** An observer that ignores everything. */
	LimiterObserver NONE = new LimiterObserver() {
	};

	/**
	 * A limiter decided: once for each decision of {@link RateLimiter#tryAcquire} (with a timeout, each
	 * attempt while it waits) and their asynchronous variants, when the decision is known, whoever made it. Looks
	 * ({@link RateLimiter#peek}) are not decisions. {@link Decision#isLocal()} tells that the local tier decided in
	 * this process without the backend; {@link Decision#isDegraded()} that the failure policy decided, in which case
	 * {@link #onBackendFailure} has told why just before.
	 * @param limitName the limit
	 * @param limit the settings of the limiter that decided; a limit with plans has a limiter, and a {@code Limit},
	 * per plan
	 * @param decision the decision
	 * @param nanos how long the decision took when it went to the backend over the network, failure policy included;
	 * 0 for a decision made in this process, by the local tier or the {@link InMemoryBackend}, which is not timed: the
	 * two clock reads would cost more than such a decision
	 */
	default void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
	}

	/**
	 * A script was sent to Redis: a decision, a borrow or give-back of the local tier, or a concurrency limit's take,
	 * release or renewal of leases.
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
	 * for the state of a new key, because every key it keeps still owes, and evicted the state of the key whose loss
	 * cost least: the fewest permits owed, then the nearest to full again. That key starts afresh on its next request,
	 * so it may be granted again the permits it owed: an over-grant of at most its capacity (twice that after a
	 * penalty) per eviction, once per call of this method.
	 * @param limitName the limit
	 */
	default void onMemoryOverflow(String limitName) {
	}

	/**
	 * An admin operation ({@link RateLimiter#reset(String)}, {@link RateLimiter#addPermits(String, long)},
	 * {@link RateLimiter#refund(String, Decision)}, {@link RateLimiter#penalize(String, long)} or their asynchronous
	 * variants) ended.
	 * @param limitName the limit
	 * @param operation the operation
	 * @param outcome whether it was applied, applied to this instance's local share only, or failed
	 */
	default void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
	}

	/**
	 * A {@link ConcurrencyLimiter} decided: once for each {@link ConcurrencyLimiter#tryAcquire} and its asynchronous
	 * variant, when the permit or denial is known. {@link ConcurrencyPermit#isDegraded()} tells that the failure
	 * policy decided, in which case {@link #onBackendFailure} has told why just before. Looks
	 * ({@link ConcurrencyLimiter#inFlight}) are not decisions.
	 * @param limitName the limit
	 * @param limit the limit
	 * @param permit the permit or denial
	 * @param nanos how long the decision took when it went to the backend over the network; 0 for a decision made in
	 * this process
	 */
	default void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit,
			long nanos) {
	}

	/**
	 * A granted {@link ConcurrencyPermit} was closed: once per permit, after its first close or release, once the
	 * backend took it back or left it to its lease (on Redis when Redis answered its release, which a release does
	 * not wait for). With {@link #onConcurrencyDecision} it tells how many permits this instance holds.
	 * @param limitName the limit
	 * @param limit the limit
	 * @param heldNanos how long the permit was held, from its grant to its first close or release
	 * @param returned {@code true} when the backend took the permit back (or the failure policy's, in this process),
	 * {@code false} when its release failed and it was left to its lease
	 */
	default void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
	}

}
