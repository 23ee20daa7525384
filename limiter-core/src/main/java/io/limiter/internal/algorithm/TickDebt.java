package io.limiter.internal.algorithm;

import io.limiter.Decision;

/**
 * The decision arithmetic shared by {@link TokenBucket} and {@link Gcra}: both know how many ticks a key owes,
 * where one permit is {@code period} ticks, {@code capacity} ticks are paid back per millisecond, and a key
 * owing nothing is full. A grant adds {@code permits * period} to the debt; a reservation may take the debt past
 * a full period, as far as {@code max_wait_ms} of payback allows.
 */
final class TickDebt {

	private TickDebt() {
	}

	/**
	 * Decides a request.
	 * @param capacity the capacity of the limit
	 * @param periodMillis the period of the limit
	 * @param debt the ticks owed before the request, at least 0
	 * @param permits the permits asked for
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return the decision; when allowed the debt grows by {@code permits * periodMillis}
	 */
	static Decision decide(long capacity, long periodMillis, long debt, long permits, long maxWaitMillis) {
		long full = capacity * periodMillis;
		long owed = debt + permits * periodMillis;
		if (owed <= full) {
			return Decision.allowed(capacity, (full - owed) / periodMillis, IntegerMath.ceilDiv(owed, capacity));
		}
		long wait = IntegerMath.ceilDiv(owed - full, capacity);
		if (maxWaitMillis > 0 && wait <= maxWaitMillis) {
			return Decision.reserved(capacity, wait, IntegerMath.ceilDiv(owed, capacity));
		}
		return Decision.denied(capacity, Math.max(0, full - debt) / periodMillis, wait,
				IntegerMath.ceilDiv(debt, capacity));
	}

}
