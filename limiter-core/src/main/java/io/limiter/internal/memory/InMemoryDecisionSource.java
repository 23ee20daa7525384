package io.limiter.internal.memory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * Decides one limit in process memory, on the key states its name shares with limiters of other numbers.
 */
public final class InMemoryDecisionSource implements DecisionSource {

	private final Limit limit;

	private final LimiterClock clock;

	private final LimitStates states;

	private final Object issuer;

	/**
	 * Creates a source.
	 * @param limit the limit
	 * @param clock the time of every decision
	 * @param states the key states of the limit's name and algorithm
	 * @param issuer the issuer of its grants' receipts, {@code null} for receipts without one
	 */
	public InMemoryDecisionSource(Limit limit, LimiterClock clock, LimitStates states, Object issuer) {
		if (states.algorithm() != LimitAlgorithm.of(limit.algorithm())) {
			throw new IllegalArgumentException("states of " + states.algorithm() + " cannot decide " + limit);
		}
		this.limit = limit;
		this.clock = clock;
		this.states = states;
		this.issuer = issuer;
	}

	@Override
	public boolean decidesInProcess() {
		return true;
	}

	@Override
	public boolean issuesReceipts() {
		return this.issuer != null;
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		return this.states.decide(this.limit, StateKeys.memoryKey(key), this.clock.millis(), permits, maxWaitMillis,
				this.issuer, key);
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
		return this.states.peek(this.limit, StateKeys.memoryKey(key), this.clock.millis());
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		this.states.adjust(this.limit, StateKeys.memoryKey(key), this.clock.millis(), operation, permits);
		return AdminOperation.Outcome.APPLIED;
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		return CompletableFuture.completedFuture(adjust(key, operation, permits));
	}

	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		this.states.refund(this.limit, StateKeys.memoryKey(key), this.clock.millis(), receipt);
		return AdminOperation.Outcome.APPLIED;
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		return CompletableFuture.completedFuture(refund(key, receipt));
	}

	/** {@return the number of keys whose state is kept} */
	public int size() {
		return this.states.size();
	}

}
