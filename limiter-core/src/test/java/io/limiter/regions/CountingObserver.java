package io.limiter.regions;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;

/**
 * One instance's count of what it decided: the permits it granted, those its failure policy granted apart, when its
 * policy decided first and last, and, for a regional backend, the loans its borrows received and the permits of
 * pools that lapsed.
 */
final class CountingObserver implements LimiterObserver {

	private final LongAdder granted = new LongAdder();

	private final LongAdder degraded = new LongAdder();

	private final LongAdder degradedGranted = new LongAdder();

	private final AtomicLong firstDegradedNanos = new AtomicLong();

	private volatile long lastDegradedNanos;

	private final LongAdder loans = new LongAdder();

	private final LongAdder lent = new LongAdder();

	private final LongAdder expired = new LongAdder();

	@Override
	public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
		if (decision.isAllowed()) {
			this.granted.increment();
		}
		if (decision.isDegraded()) {
			long now = System.nanoTime();
			this.firstDegradedNanos.compareAndSet(0, now);
			this.lastDegradedNanos = now;
			this.degraded.increment();
			if (decision.isAllowed()) {
				this.degradedGranted.increment();
			}
		}
	}

	@Override
	public void onLoan(String limitName, String region, long permits, long nanos) {
		if (permits > 0) {
			this.loans.increment();
			this.lent.add(permits);
		}
	}

	@Override
	public void onLoanExpired(String limitName, String region, long permits) {
		this.expired.add(permits);
	}

	/** {@return the requests granted, by the backend and by the failure policy} */
	long granted() {
		return this.granted.sum();
	}

	/** {@return the decisions of the failure policy} */
	long degraded() {
		return this.degraded.sum();
	}

	/** {@return the requests the failure policy granted} */
	long degradedGranted() {
		return this.degradedGranted.sum();
	}

	/** {@return the time from the policy's first decision to its last, 0 when it made none} */
	long degradedSpanNanos() {
		long first = this.firstDegradedNanos.get();
		return (first != 0) ? this.lastDegradedNanos - first : 0;
	}

	/** {@return the first decision of the policy, as a {@link System#nanoTime()}, 0 when it made none} */
	long firstDegradedNanos() {
		return this.firstDegradedNanos.get();
	}

	/** {@return the last decision of the policy, as a {@link System#nanoTime()}} */
	long lastDegradedNanos() {
		return this.lastDegradedNanos;
	}

	/** {@return the borrows of this instance that the home answered with permits} */
	long loans() {
		return this.loans.sum();
	}

	/** {@return the permits the home lent to this instance's borrows} */
	long lent() {
		return this.lent.sum();
	}

	/** {@return the permits of this region's pools that lapsed unspent, as this instance saw them} */
	long expired() {
		return this.expired.sum();
	}

}
