package io.limiter.internal.regions;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.LimiterObserver;

/**
 * An observer that records what a regional backend reports of its loans, for the tests to assert on.
 */
final class LoanRecorder implements LimiterObserver {

	final AtomicLong loans = new AtomicLong();

	final AtomicLong lent = new AtomicLong();

	final AtomicLong refusals = new AtomicLong();

	final AtomicLong expired = new AtomicLong();

	final AtomicLong returned = new AtomicLong();

	final List<String> reclaimed = new CopyOnWriteArrayList<>();

	final List<DegradedReason> borrowFailures = new CopyOnWriteArrayList<>();

	final List<DegradedReason> backendFailures = new CopyOnWriteArrayList<>();

	@Override
	public void onLoan(String limitName, String region, long permits, long nanos) {
		this.loans.incrementAndGet();
		this.lent.addAndGet(permits);
		if (permits == 0) {
			this.refusals.incrementAndGet();
		}
	}

	@Override
	public void onLoanReturned(String limitName, String region, long permits) {
		this.returned.addAndGet(permits);
	}

	@Override
	public void onLoanExpired(String limitName, String region, long permits) {
		this.expired.addAndGet(permits);
	}

	@Override
	public void onLoanReclaimed(String limitName, String region, long permits) {
		this.reclaimed.add(region + ":" + permits);
	}

	@Override
	public void onBorrowFailure(String limitName, DegradedReason reason, Throwable failure) {
		this.borrowFailures.add(reason);
	}

	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
		this.backendFailures.add(reason);
	}

}
