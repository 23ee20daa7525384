package io.limiter.spring.internal.actuate;

/**
 * When the failure policy decides often enough for the health to say {@code DEGRADED}: at least a share of the
 * window's decisions, and at least a number of them, so that a quiet service does not turn {@code DEGRADED} on one
 * late answer.
 * @param share the share of the window's decisions, more than 0 and at most 1
 * @param minimumDecisions the fewest degraded decisions, at least 1
 */
public record DegradedThreshold(double share, int minimumDecisions) {

	/** The default share: one decision in twenty. */
	public static final double DEFAULT_SHARE = 0.05;

	/** The default of the fewest degraded decisions. */
	public static final int DEFAULT_MINIMUM_DECISIONS = 10;

	/**
	 * Checks both settings.
	 * @param share the share of the window's decisions, more than 0 and at most 1
	 * @param minimumDecisions the fewest degraded decisions, at least 1
	 * @throws IllegalArgumentException when either is out of its range
	 */
	public DegradedThreshold {
		checkShare(share);
		checkMinimumDecisions(minimumDecisions);
	}

	/**
	 * Checks a share.
	 * @param share the share
	 * @throws IllegalArgumentException unless it is more than 0 and at most 1
	 */
	public static void checkShare(double share) {
		if (!(share > 0 && share <= 1)) {
			throw new IllegalArgumentException("the share must be more than 0 and at most 1");
		}
	}

	/**
	 * Checks the fewest degraded decisions.
	 * @param minimumDecisions the number
	 * @throws IllegalArgumentException unless it is at least 1
	 */
	public static void checkMinimumDecisions(int minimumDecisions) {
		if (minimumDecisions < 1) {
			throw new IllegalArgumentException("the fewest degraded decisions must be at least 1");
		}
	}

	/**
	 * Returns whether the decisions of a window reach this threshold.
	 * @param counts the decisions
	 * @return {@code true} when enough of them were degraded
	 */
	public boolean isReachedBy(RecentDecisions.Counts counts) {
		return counts.degradedDecisions() >= this.minimumDecisions && counts.degradedShare() >= this.share;
	}

}
