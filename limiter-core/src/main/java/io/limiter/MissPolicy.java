package io.limiter;

/**
 * What a request of a {@linkplain GlobalBudget global limit} is when its region's pool cannot cover it while the
 * global budget may still hold permits: the first request of a key in a region, or a step in demand above what the
 * region borrowed ahead.
 */
public enum MissPolicy {

	/**
	 * The request waits for a borrow from the home (one cross-region round trip, within the home's deadline) and is
	 * then decided against the pool; a borrow that fails leaves it to the failure policy. While the pool's last loan
	 * was less than the region asked for (the demand outruns what the home can lend), a request the pool cannot cover
	 * is denied at once instead, with a retry-after of one borrow's latency, as one region's limiter refuses what its
	 * budget cannot cover. The default: a miss otherwise happens while the global budget still has permits (the first
	 * request of a key in a region, a step in demand), so a denial there would be a false refusal.
	 */
	BORROW,

	/**
	 * The request is denied at once, with a retry-after of one borrow's latency, by which the borrow it starts has
	 * landed: a fast 429 rather than a slow 200.
	 */
	DENY

}
