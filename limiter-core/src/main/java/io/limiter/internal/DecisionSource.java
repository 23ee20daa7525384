package io.limiter.internal;

import java.util.concurrent.CompletionStage;

import io.limiter.AdminOperation;
import io.limiter.Decision;

/**
 * Makes the decisions of one limit for any key. Backends, the local tier and failure policies implement it
 * and wrap each other; {@link DefaultRateLimiter} puts the public API in front.
 * <p>
 * Arguments are already checked: {@code 0 <= permits <= capacity} and {@code maxWaitMillis >= 0}; the permits of an
 * admin operation are at least 1 (0 for a reset) and at most {@code 2^53 / period_ms}, so that they are exact
 * ticks.
 */
public interface DecisionSource {

	/**
	 * Returns whether every decision is made in this process, without a network call; such decisions are not timed
	 * for the observer, as the two clock reads would cost more than the decision.
	 * @return {@code true} for a source in memory; {@code false}, the default, for one that may call a server
	 */
	default boolean decidesInProcess() {
		return false;
	}

	/**
	 * Returns whether the receipts of this source's grants are issued already ({@link MarkedReceipt#issuedBy}), so
	 * that its limiter need not look at them.
	 * @return {@code true} for a source in memory that was given its limiter's issuer; {@code false}, the default
	 */
	default boolean issuesReceipts() {
		return false;
	}

	/**
	 * Decides now, waiting at most the backend's timeout.
	 * @param key the user's key
	 * @param permits the permits to take
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return the decision
	 */
	Decision decide(String key, long permits, long maxWaitMillis);

	/**
	 * Decides without blocking the calling thread.
	 * @param key the user's key
	 * @param permits the permits to take
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return a stage completed with the decision
	 */
	CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis);

	/**
	 * Looks at a key as a request for zero permits would, changing nothing that is stored
	 * ({@link io.limiter.RateLimiter#peek(String)}).
	 * @param key the user's key
	 * @return the decision for zero permits
	 * @throws io.limiter.LimiterBackendException when the backend fails
	 */
	Decision peek(String key);

	/**
	 * Applies an admin operation to a key, waiting at most the backend's timeout.
	 * @param key the user's key
	 * @param operation the operation
	 * @param permits the permits to add or the penalty; 0 for a reset
	 * @return where it was applied
	 * @throws io.limiter.LimiterBackendException when the backend fails and no local share took the operation
	 */
	AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits);

	/**
	 * Applies an admin operation to a key without blocking the calling thread.
	 * @param key the user's key
	 * @param operation the operation
	 * @param permits the permits to add or the penalty; 0 for a reset
	 * @return a stage completed with where it was applied, or failed with a {@link io.limiter.LimiterBackendException}
	 */
	CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits);

	/**
	 * Gives back what a grant of this source took, where its receipt says it was taken
	 * ({@link io.limiter.RateLimiter#refund(String, Decision)}), waiting at most the backend's timeout. A receipt
	 * whose marks this source cannot read gives nothing back.
	 * @param key the user's key
	 * @param receipt the grant's receipt, as this source wrote it
	 * @return where it was applied
	 * @throws io.limiter.LimiterBackendException when the backend fails and no local share took the refund
	 */
	AdminOperation.Outcome refund(String key, MarkedReceipt receipt);

	/**
	 * The asynchronous variant of {@link #refund(String, MarkedReceipt)}.
	 * @param key the user's key
	 * @param receipt the grant's receipt, as this source wrote it
	 * @return a stage completed with where it was applied, or failed with a {@link io.limiter.LimiterBackendException}
	 */
	CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt);

}
