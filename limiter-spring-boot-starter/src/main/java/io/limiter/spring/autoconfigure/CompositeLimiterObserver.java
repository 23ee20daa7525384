package io.limiter.spring.autoconfigure;

import java.util.List;

import io.limiter.AdminOperation;
import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterObserver;

/**
 * Tells every {@link LimiterObserver} bean of the application, in their order, what the backend tells its one
 * observer: the starter's meters are one observer among the application's own, and none replaces another.
 */
final class CompositeLimiterObserver implements LimiterObserver {

	private final LimiterObserver[] observers;

	private CompositeLimiterObserver(List<LimiterObserver> observers) {
		this.observers = observers.toArray(LimiterObserver[]::new);
	}

	/**
	 * Returns one observer that tells them all.
	 * @param observers the observers, in the order in which they hear of each event
	 * @return {@link LimiterObserver#NONE} for none, so the backend skips what only observers need; the observer
	 * itself for one; else a composite
	 */
	static LimiterObserver of(List<LimiterObserver> observers) {
		if (observers.isEmpty()) {
			return LimiterObserver.NONE;
		}
		return (observers.size() == 1) ? observers.get(0) : new CompositeLimiterObserver(observers);
	}

	@Override
	public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
		for (LimiterObserver observer : this.observers) {
			observer.onDecision(limitName, limit, decision, nanos);
		}
	}

	@Override
	public void onRedisCall() {
		for (LimiterObserver observer : this.observers) {
			observer.onRedisCall();
		}
	}

	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
		for (LimiterObserver observer : this.observers) {
			observer.onBackendFailure(limitName, policy, reason, failure);
		}
	}

	@Override
	public void onMemoryOverflow(String limitName) {
		for (LimiterObserver observer : this.observers) {
			observer.onMemoryOverflow(limitName);
		}
	}

	@Override
	public void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
		for (LimiterObserver observer : this.observers) {
			observer.onAdminOperation(limitName, operation, outcome);
		}
	}

	@Override
	public void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit,
			long nanos) {
		for (LimiterObserver observer : this.observers) {
			observer.onConcurrencyDecision(limitName, limit, permit, nanos);
		}
	}

	@Override
	public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
		for (LimiterObserver observer : this.observers) {
			observer.onPermitRelease(limitName, limit, heldNanos, returned);
		}
	}

}
