package io.limiter.regions;

import java.util.List;

/**
 * A design deployed on the simulated regions for one run: its instances, and what it promises.
 */
interface Deployment extends AutoCloseable {

	/** The bound of a design that states none. */
	long NO_BOUND = -1;

	/** {@return every instance, with its load} */
	List<Instance> instances();

	/**
	 * Returns the most the design may grant in this run by its stated bound.
	 * @param elapsedNanos the run's length
	 * @param fault the fault injected
	 * @param keys how many keys the load spread over
	 * @return the bound, or {@link #NO_BOUND}
	 */
	long bound(long elapsedNanos, Fault fault, int keys);

	/** {@return the loans the home made, or -1 for a design without a home that lends} */
	default long loans() {
		return -1;
	}

	@Override
	void close();

}
