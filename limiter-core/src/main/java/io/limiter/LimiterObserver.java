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

	/**
	 * The home answered a borrow of this region for a key of a global limit ({@link GlobalBudget}).
	 * @param limitName the limit
	 * @param region this region
	 * @param permits the permits lent, whole ones; 0 when the home refused (the budget is spent, or a loan of an
	 * earlier borrow may still land)
	 * @param nanos how long the borrow took, from the decision that started it to the credit of the pool
	 */
	default void onLoan(String limitName, String region, long permits, long nanos) {
	}

	/**
	 * This region gave the permits of a pool back to the home: before an admin operation on the key, or when the
	 * backend closed.
	 * @param limitName the limit
	 * @param region this region
	 * @param permits the permits given back, whole ones
	 */
	default void onLoanReturned(String limitName, String region, long permits) {
	}

	/**
	 * A pool of this region ended with permits unspent: its lease ended, or a loan arrived too late to land. The
	 * permits are lost to the budget until the home's bucket refills them (an under-grant).
	 * @param limitName the limit
	 * @param region this region
	 * @param permits the permits lost, whole ones
	 */
	default void onLoanExpired(String limitName, String region, long permits) {
	}

	/**
	 * The home reclaimed the lapsed loan of a region (another one, or this one after a cut), in its answer to this
	 * region's borrow: the loan's headroom is lent again.
	 * @param limitName the limit
	 * @param region the region whose loan lapsed
	 * @param permits the permits the lapsed loan still counted, whole ones
	 */
	default void onLoanReclaimed(String limitName, String region, long permits) {
	}

	/**
	 * A borrow from the home failed, or its circuit breaker refused it. The requests it leaves without permits reach
	 * {@link #onBackendFailure} as degraded decisions.
	 * @param limitName the limit
	 * @param reason why the home did not answer
	 * @param failure what failed
	 */
	default void onBorrowFailure(String limitName, DegradedReason reason, Throwable failure) {
	}

}
