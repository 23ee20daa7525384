package io.limiter;

/**
 * What a request of a {@linkplain GlobalBudget global limit} is when its region's pool cannot cover it while the
 * global budget may still hold permits: the first request of a key in a region, or a step in demand above what the
 * region borrowed ahead.
 */
public enum MissPolicy {

	/**
	 * The request waits for a borrow from the home (one cross-region round trip, within the home's deadline) and is
	 * then decided against the pool; a borrow that fails leaves it to the failure policy. The default: a miss happens
	 * while the global budget still has permits, so a denial there would be a false refusal.
	 */
	BORROW,

	/**
	 * The request is denied at once, with a retry-after of one borrow's latency, by which the borrow it starts has
	 * landed: a fast 429 rather than a slow 200.
	 */
	DENY

}
