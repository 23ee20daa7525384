package io.limiter.internal.algorithm;

import io.limiter.Limit;

/**
 * The base of every algorithm's in-memory state: the limit's numbers; subclasses hold what their algorithm
 * stores per key.
 */
abstract class LimitState implements KeyState {

	final long capacity;

	final long periodMillis;

	LimitState(Limit limit) {
		this.capacity = limit.capacity();
		this.periodMillis = limit.periodMillis();
	}

}
