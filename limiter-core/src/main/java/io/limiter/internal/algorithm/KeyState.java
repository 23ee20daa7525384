package io.limiter.internal.algorithm;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.memory.Evictable;

/**
 * The in-memory state of one key under one algorithm and the limit whose numbers it decides with.
 * Implementations are thread-safe, and idle once forgetting the key would change no decision.
 * <p>
 * A state can be retired, atomically with its decisions: when it is dropped as idle
 * ({@link #retireIfIdle(long)}), evicted to make room for a new key ({@link #retireIfCostsAtMost}) or handed to a
 * limit of other numbers ({@link #moveTo(Limit)}). What its loss costs is read as a request for no permits would
 * be told: the permits the key owes, then the time until it is full again. A retired state
 * grants nothing more and answers {@code null}, so that the caller looks the key up again instead of granting on
 * state that is no longer kept; it may still repeat a denial it had decided, which was true when it retired.
 */
public interface KeyState extends Evictable {

	/**
	 * Decides a request, with the same arithmetic as the algorithm's Lua script.
	 * @param nowMillis the current time; a time before the last one seen counts as the last one
	 * @param permits the permits to take, at most the capacity
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return the decision, or {@code null} when this state was retired (a denial it had decided may still be
	 * repeated); a grant's receipt has no issuer
	 */
	default Decision decide(long nowMillis, long permits, long maxWaitMillis) {
		return decide(nowMillis, permits, maxWaitMillis, null, null);
	}

	/**
	 * Decides a request, with the same arithmetic as the algorithm's Lua script, for a limiter that issues its
	 * grants' receipts itself: made here, so that the grant costs no copy of them.
	 * @param nowMillis the current time; a time before the last one seen counts as the last one
	 * @param permits the permits to take, at most the capacity
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @param issuer the issuer of a grant's receipt ({@link MarkedReceipt#issuedBy(Object, String)}), {@code null} for none
	 * @param key the key of the grant, with the issuer
	 * @return the decision, or {@code null} when this state was retired (a denial it had decided may still be
	 * repeated)
	 */
	Decision decide(long nowMillis, long permits, long maxWaitMillis, Object issuer, String key);

	/**
	 * Applies an admin operation, with the same arithmetic as the algorithm's admin script: a refund gives permits
	 * back up to a fresh state, a penalty takes them to at most twice the capacity in use; a reset retires the
	 * state, which the caller then drops, so that the key starts afresh.
	 * @param nowMillis the current time; a time before the last one seen counts as the last one
	 * @param operation the operation
	 * @param permits the permits to add or the penalty, at least 1
	 * @return {@code false} when this state was retired before: the caller looks the key up again
	 */
	boolean adjust(long nowMillis, AdminOperation operation, long permits);

	/**
	 * Gives back what a grant of this state took, as its receipt says, with the same arithmetic as the algorithm's
	 * admin script: only what the permits still hold where they were taken (their window, their log entries, the part
	 * of their debt refill has not paid back). A receipt of another number of rates gives nothing back.
	 * @param nowMillis the current time; a time before the last one seen counts as the last one
	 * @param receipt the grant's receipt, as {@link #decide} wrote it
	 * @return {@code false} when this state was retired before: the caller looks the key up again
	 */
	boolean refund(long nowMillis, MarkedReceipt receipt);

	/** {@return the limit whose numbers this state decides with} */
	Limit limit();

	/**
	 * Retires this state and returns the same stored state under a limit of the same algorithm with other numbers,
	 * read with those numbers as the script reads a key stored under other settings: rate {@code i} of the new limit
	 * takes rate {@code i}'s state over, and a rate the old limit did not have starts empty.
	 * @param limit the new limit
	 * @return the state under the new limit, or {@code null} when this state was already retired
	 */
	KeyState moveTo(Limit limit);

}
