package io.limiter.regions;

import io.limiter.FailurePolicy;

/**
 * A way to hold one limit across the regions, deployed afresh for each run.
 */
interface Design {

	/** {@return the design's name in the table} */
	String name();

	/**
	 * Builds the design's instances on the regions, ready to decide.
	 * @param regions the regions, emptied
	 * @param policy the failure policy
	 * @return the deployment
	 * @throws Exception when it cannot be built
	 */
	Deployment deploy(SimulatedRegions regions, FailurePolicy policy) throws Exception;

}
