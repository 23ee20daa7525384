package io.limiter.regions;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;

/**
 * One instance's count of what it decided: the permits it granted, those its failure policy granted apart, and when
 * its policy decided first and last.
 */
final class CountingObserver implements LimiterObserver {

	private final LongAdder granted = new LongAdder();

	private final LongAdder degraded = new LongAdder();

	private final LongAdder degradedGranted = new LongAdder();

	private final AtomicLong firstDegradedNanos = new AtomicLong();

	private volatile long lastDegradedNanos;

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

}
