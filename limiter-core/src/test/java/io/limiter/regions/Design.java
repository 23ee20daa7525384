package io.limiter.regions;

import io.limiter.FailurePolicy;

/**
 * A way to hold one limit across the regions, deployed afresh for each run.
 */
abstract class Design {

	private final String name;

	/**
	 * Names the design.
	 * @param name its name in the table
	 */
	Design(String name) {
		this.name = name;
	}

	/** {@return the design's name in the table} */
	final String name() {
		return this.name;
	}

	/**
	 * Builds the design's instances on the regions, ready to decide.
	 * @param regions the regions, emptied
	 * @param policy the failure policy
	 * @return the deployment
	 * @throws Exception when it cannot be built
	 */
	abstract Deployment deploy(SimulatedRegions regions, FailurePolicy policy) throws Exception;

	@Override
	public final String toString() {
		return this.name;
	}

}
