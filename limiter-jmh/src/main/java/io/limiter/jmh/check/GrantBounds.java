package io.limiter.jmh.check;

import io.limiter.Limit;

/**
 * The most permits that a correct limiter may grant on one fresh key between two instants, per algorithm, with
 * capacity {@code C}, period {@code P} and the instants {@code s} (before the first request was sent) and
 * {@code e} (after the last answer arrived), all in milliseconds:
 * <ul>
 * <li>token bucket and GCRA: {@code C + floor((e - s) x C / P)}: a full bucket plus what refills in between
 * ("Benchmarking Token Bucket Rate Limiters": burst 10, 10 per second, 3 s gives 40);</li>
 * <li>fixed window: {@code C x (floor(e / P) - floor(s / P) + 1)}: a full capacity in every aligned window the
 * run touches (3 s of 1 s windows from an arbitrary start touch 4);</li>
 * <li>sliding window counter: with {@code F = floor(s / P)}, {@code L = floor(e / P)} and {@code f} the
 * fraction of window {@code L} elapsed at {@code e}: {@code C} when {@code L = F}, otherwise
 * {@code min(C x (L - F + 1), C x (L - F) + floor(C x f) + 1)}. Each window holds at most {@code C}, and in
 * the last one a request is allowed only while {@code current + previous x (1 - f) < C}, so the last two
 * windows together hold at most {@code C + C x f}; the {@code + 1} covers a script that rounds the weighted
 * previous count down. This is the approximation's own bound: over a strict sliding window it may grant a
 * little more, never more than this;</li>
 * <li>sliding window log: {@code C x ceil((e - s + 1) / P)}: the run's {@code e - s + 1} milliseconds split
 * into blocks of {@code P}, each holding at most {@code C}.</li>
 * </ul>
 * Times are those of this host; a Redis that uses its own {@code TIME} must share the clock (the fixture runs
 * on this host; elsewhere keep the clocks in sync), or the window bounds shift.
 */
public final class GrantBounds {

	private GrantBounds() {
	}

	/**
	 * Returns the most permits a correct limiter of {@code limit} grants on one key that is fresh at
	 * {@code start}.
	 * @param limit the limit
	 * @param start the time before the first request, in milliseconds
	 * @param end the time after the last answer, in milliseconds, not before {@code start}
	 * @return the bound
	 */
	public static long max(Limit limit, long start, long end) {
		if (end < start) {
			throw new IllegalArgumentException("end must not be before start but was " + end + " < " + start);
		}
		long capacity = limit.capacity();
		long period = limit.periodMillis();
		return switch (limit.algorithm()) {
			case TOKEN_BUCKET, GCRA -> capacity + Math.multiplyExact(end - start, capacity) / period;
			case FIXED_WINDOW -> capacity * (Math.floorDiv(end, period) - Math.floorDiv(start, period) + 1);
			case SLIDING_WINDOW_COUNTER -> slidingWindowCounter(capacity, period, start, end);
			case SLIDING_WINDOW_LOG -> capacity * ((end - start + 1 + period - 1) / period);
		};
	}

	private static long slidingWindowCounter(long capacity, long period, long start, long end) {
		long first = Math.floorDiv(start, period);
		long last = Math.floorDiv(end, period);
		if (last == first) {
			return capacity;
		}
		long elapsedInLast = end - last * period;
		long bound = capacity * (last - first) + Math.multiplyExact(capacity, elapsedInLast) / period + 1;
		return Math.min(capacity * (last - first + 1), bound);
	}

}
