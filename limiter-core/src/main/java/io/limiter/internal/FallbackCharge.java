package io.limiter.internal;

/**
 * Where the permits this instance takes from Redis are charged: the share of a limit that the local fallback of
 * {@link io.limiter.FailurePolicy#LOCAL_FALLBACK} decides with, so that a switch to it goes on from what this
 * instance already took. Grants of Redis' decision script are charged one by one; a local tier charges the tokens
 * it borrows, when it borrows them, so that its lock-free grants cost nothing more.
 */
@FunctionalInterface
public interface FallbackCharge {

	/** Charges nothing: the limit has no local fallback. */
	FallbackCharge NONE = (key, permits) -> {
	};

	/**
	 * Takes permits that Redis granted or lent from this instance's share, even beyond what it has left.
	 * @param key the user's key
	 * @param permits the permits, at least 1
	 */
	void charge(String key, long permits);

}
