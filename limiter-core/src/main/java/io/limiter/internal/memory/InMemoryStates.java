package io.limiter.internal.memory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * The in-memory key states of every limit name of a backend: limiters of one name share them whatever their capacity
 * and period, so that a change of the limit keeps each key's state; a limiter of another algorithm replaces them, so
 * its keys start afresh and the old states are released (limiters of the old algorithm keep deciding on them alone).
 */
public final class InMemoryStates {

	private final LimiterClock clock;

	private final int maximumKeysPerLimit;

	private final LimiterObserver observer;

	private final Map<String, LimitStates> byName = new ConcurrentHashMap<>();

	/**
	 * Creates the states of a backend.
	 * @param clock the time of every decision
	 * @param maximumKeysPerLimit the most keys whose state one name keeps
	 * @param observer told of the decisions of every limit's overflow state
	 */
	public InMemoryStates(LimiterClock clock, int maximumKeysPerLimit, LimiterObserver observer) {
		this.clock = clock;
		this.maximumKeysPerLimit = maximumKeysPerLimit;
		this.observer = observer;
	}

	/**
	 * Returns the decisions of a limiter on the states of its name.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @return the limiter's decisions
	 */
	public InMemoryDecisionSource source(String name, Limit limit) {
		LimitAlgorithm algorithm = LimitAlgorithm.of(limit.algorithm());
		LimitStates states = this.byName.compute(name, (key, existing) -> (existing != null
				&& existing.algorithm() == algorithm) ? existing
						: new LimitStates(name, algorithm, this.maximumKeysPerLimit, this.observer));
		return new InMemoryDecisionSource(limit, this.clock, states);
	}

	/** Forgets every state. */
	public void clear() {
		this.byName.clear();
	}

}
