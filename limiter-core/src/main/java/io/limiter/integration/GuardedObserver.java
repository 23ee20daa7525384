package io.limiter.integration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.limiter.AdminOperation;
import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;

/**
 * Tells one or more observers of each event, in their order, and contains what each of them throws: the exception is
 * logged (a warning naming the observer's class and the callback, at most one line per observer every 10 s) and the
 * next observer still hears of the event, so an observer with a bug changes no decision, holds no permit and silences
 * no other observer. Every backend guards its observer with {@link #guard(LimiterObserver)}; the cost when nothing
 * throws is a call through this one wrapper.
 */
public final class GuardedObserver implements LimiterObserver {

	private static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

	private final LimiterObserver[] observers;

	private final ThrottledLog[] logs;

	private GuardedObserver(List<LimiterObserver> observers) {
		this.observers = observers.toArray(LimiterObserver[]::new);
		this.logs = new ThrottledLog[this.observers.length];
		for (int i = 0; i < this.logs.length; i++) {
			this.logs[i] = new ThrottledLog(System.getLogger("io.limiter"), LOG_INTERVAL, LimiterClock.system());
		}
	}

	/**
	 * Returns one guarded observer that tells them all.
	 * @param observers the observers, in the order in which they hear of each event
	 * @return {@link LimiterObserver#NONE} when there is none to tell, so that a backend skips what only observers
	 * need; else a guarded observer
	 */
	public static LimiterObserver of(List<LimiterObserver> observers) {
		List<LimiterObserver> told = new ArrayList<>(observers.size());
		for (LimiterObserver observer : observers) {
			Objects.requireNonNull(observer, "observer must not be null");
			if (observer instanceof GuardedObserver guarded) {
				told.addAll(List.of(guarded.observers));
			}
			else if (observer != LimiterObserver.NONE) {
				told.add(observer);
			}
		}
		return told.isEmpty() ? LimiterObserver.NONE : new GuardedObserver(told);
	}

	/**
	 * Returns the observer guarded: itself when it is already guarded or is {@link LimiterObserver#NONE}.
	 * @param observer the observer
	 * @return the guarded observer
	 */
	public static LimiterObserver guard(LimiterObserver observer) {
		return (observer instanceof GuardedObserver) ? observer : of(List.of(observer));
	}

	@Override
	public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onDecision(limitName, limit, decision, nanos);
			}
			catch (Throwable failure) {
				failed(i, "onDecision", limitName, failure);
			}
		}
	}

	@Override
	public void onRedisCall() {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onRedisCall();
			}
			catch (Throwable failure) {
				failed(i, "onRedisCall", null, failure);
			}
		}
	}

	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onBackendFailure(limitName, policy, reason, failure);
			}
			catch (Throwable thrown) {
				failed(i, "onBackendFailure", limitName, thrown);
			}
		}
	}

	@Override
	public void onMemoryOverflow(String limitName) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onMemoryOverflow(limitName);
			}
			catch (Throwable failure) {
				failed(i, "onMemoryOverflow", limitName, failure);
			}
		}
	}

	@Override
	public void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onAdminOperation(limitName, operation, outcome);
			}
			catch (Throwable failure) {
				failed(i, "onAdminOperation", limitName, failure);
			}
		}
	}

	@Override
	public void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit,
			long nanos) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onConcurrencyDecision(limitName, limit, permit, nanos);
			}
			catch (Throwable failure) {
				failed(i, "onConcurrencyDecision", limitName, failure);
			}
		}
	}

	@Override
	public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onPermitRelease(limitName, limit, heldNanos, returned);
			}
			catch (Throwable failure) {
				failed(i, "onPermitRelease", limitName, failure);
			}
		}
	}

	@Override
	public void onLoan(String limitName, String region, long permits, long nanos) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onLoan(limitName, region, permits, nanos);
			}
			catch (Throwable thrown) {
				failed(i, "onLoan", limitName, thrown);
			}
		}
	}

	@Override
	public void onLoanReturned(String limitName, String region, long permits) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onLoanReturned(limitName, region, permits);
			}
			catch (Throwable thrown) {
				failed(i, "onLoanReturned", limitName, thrown);
			}
		}
	}

	@Override
	public void onLoanExpired(String limitName, String region, long permits) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onLoanExpired(limitName, region, permits);
			}
			catch (Throwable thrown) {
				failed(i, "onLoanExpired", limitName, thrown);
			}
		}
	}

	@Override
	public void onLoanReclaimed(String limitName, String region, long permits) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onLoanReclaimed(limitName, region, permits);
			}
			catch (Throwable thrown) {
				failed(i, "onLoanReclaimed", limitName, thrown);
			}
		}
	}

	@Override
	public void onBorrowFailure(String limitName, DegradedReason reason, Throwable failure) {
		for (int i = 0; i < this.observers.length; i++) {
			try {
				this.observers[i].onBorrowFailure(limitName, reason, failure);
			}
			catch (Throwable thrown) {
				failed(i, "onBorrowFailure", limitName, thrown);
			}
		}
	}

	private void failed(int index, String callback, String limitName, Throwable failure) {
		String limit = (limitName != null) ? " (limit '" + limitName + "')" : "";
		this.logs[index].warn("LimiterObserver " + this.observers[index].getClass().getName() + " threw in " + callback
				+ limit + "; ignored, the decision and the other observers are unaffected", failure);
	}

}
