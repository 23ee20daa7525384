package io.limiter.internal.memory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.KeyState;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * Decides one limit in process memory, with a bounded map of per-key state.
 */
public final class InMemoryDecisionSource implements DecisionSource {

	private final LimiterClock clock;

	private final BoundedStateMap<KeyState> states;

	private final Function<String, KeyState> stateFactory;

	/**
	 * Creates a source.
	 * @param limit the limit
	 * @param clock the time of every decision
	 * @param maximumKeys the most keys whose state is kept
	 */
	public InMemoryDecisionSource(Limit limit, LimiterClock clock, int maximumKeys) {
		LimitAlgorithm algorithm = LimitAlgorithm.of(limit.algorithm());
		this.clock = clock;
		this.states = new BoundedStateMap<>(maximumKeys);
		this.stateFactory = (key) -> algorithm.newState(limit);
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		long now = this.clock.millis();
		return this.states.get(StateKeys.memoryKey(key), this.stateFactory, now).decide(now, permits, maxWaitMillis);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		return CompletableFuture.completedFuture(decide(key, permits, maxWaitMillis));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A key without state is looked at on a new state that is thrown away, so that looking adds no entry.
	 */
	@Override
	public Decision peek(String key) {
		KeyState state = this.states.getIfPresent(StateKeys.memoryKey(key));
		// a request for zero permits changes no state in a way any later decision could tell
		return ((state != null) ? state : this.stateFactory.apply(key)).decide(this.clock.millis(), 0, 0);
	}

	/**
	 * Returns the number of keys whose state is kept.
	 * @return the number of keys
	 */
	public int size() {
		return this.states.size();
	}

}
