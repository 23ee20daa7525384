package io.limiter.internal.failure;

import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.internal.Decisions;

/**
 * The decisions that {@link FailurePolicy#FAIL_OPEN} and {@link FailurePolicy#FAIL_CLOSED} make without a state of
 * the key. They report the limit's rate of the smallest capacity: to them every rate is full, and of a grant a
 * decision reports the rate with the fewest permits left.
 */
final class PolicyDecisions {

	private final int rate;

	private final long capacity;

	private final long periodMillis;

	PolicyDecisions(Limit limit) {
		int smallest = 0;
		for (int i = 1; i < limit.rates().size(); i++) {
			smallest = (limit.rates().get(i).capacity() < limit.rates().get(smallest).capacity()) ? i : smallest;
		}
		Rate reported = limit.rates().get(smallest);
		this.rate = smallest;
		this.capacity = reported.capacity();
		this.periodMillis = reported.periodMillis();
	}

	/**
	 * Returns the grant of {@link FailurePolicy#FAIL_OPEN}.
	 * @param permits the permits granted, at most the smallest capacity
	 * @return the decision
	 */
	Decision allowed(long permits) {
		return Decisions.forRate(Decision.allowed(this.capacity, this.capacity - permits, 0), this.rate);
	}

	/**
	 * Returns the denial of {@link FailurePolicy#FAIL_CLOSED}: a caller should come back when the breaker lets the
	 * next probe through, or after one open time while it is still closed; never later than one period.
	 * @param breaker the breaker of the key's node
	 * @return the decision
	 */
	Decision denied(CircuitBreaker breaker) {
		long wait = breaker.isOpen() ? breaker.millisUntilProbe() : breaker.openMillis();
		return Decisions.forRate(Decision.denied(this.capacity, 0, Math.max(1, Math.min(wait, this.periodMillis)), 0),
				this.rate);
	}

}
