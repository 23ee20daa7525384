package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.memory.EvictionCost;

/**
 * The in-memory state of a key under a limit of several rates, deciding as {@code multi-rate.lua} does in Redis: one state per
 * rate, decided together under one lock. A request is allowed only if every rate allows it, and only then does each
 * rate take the permits; a denial changes none. The decision is that of the reported rate ({@link #combine}).
 * <p>
 * The rates' states are used only through this one, under its lock; their own locks are never taken. A limit of
 * several rates makes no reservations ({@link Limit#supportsReservations()}), so each rate decides without. An admin
 * operation applies to every rate, and a grant's receipt holds the marks of every rate, in their order.
 */
final class MultiRateState extends OptimisticState {

	private final OptimisticState[] rates;

	private MultiRateState(Limit limit, OptimisticState[] rates) {
		super(limit);
		this.rates = rates;
	}

	/**
	 * Returns the state of a limit of several rates in which rate {@code i} takes over the stored state of rate
	 * {@code i} of an earlier limit, as a Redis key of the same index is read with the new numbers, and the rates
	 * beyond the stored ones start empty.
	 * @param stored the stored states of each rate, possibly none
	 * @param limit the limit, of several rates
	 * @return the new state
	 */
	static MultiRateState takingOver(OptimisticState[] stored, Limit limit) {
		LimitAlgorithm algorithm = LimitAlgorithm.of(limit.algorithm());
		OptimisticState[] rates = new OptimisticState[limit.rates().size()];
		for (int i = 0; i < rates.length; i++) {
			Rate rate = limit.rates().get(i);
			Limit rateLimit = Limit.builder(limit.algorithm()).rate(rate).build();
			rates[i] = (i < stored.length) ? stored[i].takeOver(rateLimit) : algorithm.newRateState(rateLimit);
		}
		return new MultiRateState(limit, rates);
	}

	/**
	 * Returns the decision of several rates together, as {@code multi-rate.lua} does. A grant is reported by the rate
	 * with the fewest permits left; a denial by the refusing rate with the fewest permits left, the one with the latest
	 * retry-after of equals, and its retry-after is the latest of the refusing rates'. The first of equals otherwise.
	 * So the reported remaining permits can be taken and one more cannot, and at the retry-after every rate allows
	 * the request.
	 * @param decisions the decision of each rate, in the order of the limit's rates
	 * @return the decision, which tells the index of the reported rate
	 */
	static Decision combine(Decision[] decisions) {
		boolean allowed = true;
		long latestRetry = 0;
		for (Decision decision : decisions) {
			allowed &= decision.isAllowed();
			latestRetry = Math.max(latestRetry, decision.retryAfterMillis());
		}
		int reported = 0;
		for (int i = 1; i < decisions.length; i++) {
			if (closerToRefusing(decisions[i], decisions[reported], allowed)) {
				reported = i;
			}
		}
		Decision decision = decisions[reported];
		return Decisions.forRate(allowed ? decision
				: Decision.denied(decision.limit(), decision.remaining(), latestRetry, decision.resetAfterMillis()),
				reported);
	}

	private static boolean closerToRefusing(Decision candidate, Decision current, boolean allowed) {
		if (allowed) {
			return candidate.remaining() < current.remaining();
		}
		return !candidate.isAllowed() && (current.isAllowed() || candidate.remaining() < current.remaining()
				|| (candidate.remaining() == current.remaining()
						&& candidate.retryAfterMillis() > current.retryAfterMillis()));
	}

	@Override
	Decision look(long nowMillis, long permits, long maxWaitMillis) {
		Decision[] decisions = new Decision[this.rates.length];
		for (int i = 0; i < decisions.length; i++) {
			decisions[i] = this.rates[i].look(nowMillis, permits, 0);
		}
		return combine(decisions);
	}

	@Override
	void grant(long nowMillis, long permits, long maxWaitMillis, Decision decision) {
		for (OptimisticState rate : this.rates) {
			rate.grant(nowMillis, permits, 0, rate.look(nowMillis, permits, 0));
		}
	}

	@Override
	void addPermits(long nowMillis, long permits) {
		for (OptimisticState rate : this.rates) {
			rate.addPermits(nowMillis, permits);
		}
	}

	@Override
	void refundGrant(long nowMillis, MarkedReceipt receipt, int offset) {
		for (int i = 0; i < this.rates.length; i++) {
			this.rates[i].refundGrant(nowMillis, receipt, offset + 2 * i);
		}
	}

	@Override
	void markGrant(long[] marks, int offset) {
		for (int i = 0; i < this.rates.length; i++) {
			this.rates[i].markGrant(marks, offset + 2 * i);
		}
	}

	@Override
	int receiptSize() {
		return 2 * this.rates.length;
	}

	@Override
	void penalize(long nowMillis, long permits) {
		for (OptimisticState rate : this.rates) {
			rate.penalize(nowMillis, permits);
		}
	}

	@Override
	boolean isEmptyAt(long nowMillis) {
		for (OptimisticState rate : this.rates) {
			if (!rate.isEmptyAt(nowMillis)) {
				return false;
			}
		}
		return true;
	}

	/** The costliest rate's cost: forgetting the state gives every rate back what it owes. */
	@Override
	EvictionCost costAt(long nowMillis) {
		EvictionCost costliest = this.rates[0].costAt(nowMillis);
		for (int i = 1; i < this.rates.length; i++) {
			EvictionCost cost = this.rates[i].costAt(nowMillis);
			costliest = (cost.compareTo(costliest) > 0) ? cost : costliest;
		}
		return costliest;
	}

	@Override
	OptimisticState takeOver(Limit limit) {
		return this.rates[0].takeOver(limit);
	}

	@Override
	OptimisticState[] storedRates() {
		return this.rates;
	}

}
