package io.limiter.internal.algorithm;

import io.limiter.Limit;

/**
 * The base of every algorithm's in-memory state: the limit's numbers and whether the state was retired; subclasses
 * hold what their algorithm stores per key. {@link OptimisticState} retires a state under the lock it decides
 * under.
 */
abstract class LimitState implements KeyState {

	final Limit limit;

	final long capacity;

	final long periodMillis;

	/** Guarded by the lock the subclass decides under. */
	boolean retired;

	LimitState(Limit limit) {
		this.limit = limit;
		// a state decides one rate: MultiRateState gives each rate of a limit a state of its own
		this.capacity = limit.rates().get(0).capacity();
		this.periodMillis = limit.rates().get(0).periodMillis();
	}

	@Override
	public final Limit limit() {
		return this.limit;
	}

	/**
	 * Returns a state of another limit of one rate that takes over what this one stores (of several rates: what its
	 * first rate stores). Called once, by the thread that retired this state, which is used no more: the new state
	 * may take its mutable parts over without copying.
	 * @param limit the new limit, of one rate
	 * @return the new state
	 */
	abstract OptimisticState takeOver(Limit limit);

}
