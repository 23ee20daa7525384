package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;

/**
 * The in-memory state of a key under a limit of several rates, the twin of {@code multi-rate.lua}: one state per
 * rate, decided together under one lock. A request is allowed only if every rate allows it, and only then does each
 * rate take the permits; a denial changes none. The decision is that of the reported rate ({@link #combine}).
 * <p>
 * The rates' states are used only through this one, under its lock; their own locks are never taken. A limit of
 * several rates makes no reservations ({@link Limit#supportsReservations()}), so each rate decides without.
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
			Limit rateLimit = Limit.of(limit.algorithm(), rate.capacity(), rate.period());
			rates[i] = (i < stored.length) ? stored[i].takeOver(rateLimit) : algorithm.newRateState(rateLimit);
		}
		return new MultiRateState(limit, rates);
	}

	/**
	 * Returns the decision of several rates together, as {@code multi-rate.lua} does: a denial when any rate
	 * refuses, reported by the refusing rate with the latest retry-after (the first of equals); otherwise a grant
	 * reported by the rate with the fewest permits left (the first of equals).
	 * @param decisions the decision of each rate, in the order of the limit's rates
	 * @return the decision of the reported rate, which tells its index
	 */
	static Decision combine(Decision[] decisions) {
		boolean allowed = true;
		for (Decision decision : decisions) {
			allowed &= decision.isAllowed();
		}
		int reported = 0;
		for (int i = 1; i < decisions.length; i++) {
			Decision candidate = decisions[i];
			Decision current = decisions[reported];
			boolean closer = allowed ? candidate.remaining() < current.remaining()
					: !candidate.isAllowed()
							&& (current.isAllowed() || candidate.retryAfterMillis() > current.retryAfterMillis());
			if (closer) {
				reported = i;
			}
		}
		return decisions[reported].forRate(reported);
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
	boolean isEmptyAt(long nowMillis) {
		for (OptimisticState rate : this.rates) {
			if (!rate.isEmptyAt(nowMillis)) {
				return false;
			}
		}
		return true;
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
