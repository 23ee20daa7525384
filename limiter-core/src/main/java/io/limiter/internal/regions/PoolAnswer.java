package io.limiter.internal.regions;

import java.util.List;

/**
 * The answer of {@code region-spend.lua}: what a decision took from a region's pool, and the pool's snapshot that an
 * elected borrower lends against.
 * @param taken the ticks taken: the cost, or 0
 * @param remaining the permits the two-tier estimate says are left globally
 * @param retryMillis when nothing was taken, until when the request should not be tried again
 * @param resetMillis until the estimate is full again
 * @param elected whether this caller borrows for the region
 * @param epoch the pool's epoch
 * @param seq the pool's count of landed loans
 * @param held the ticks the pool holds after the decision
 * @param spent the ticks granted since {@code spentSince}
 * @param demandPerSecond the demand estimate in ticks per 1000 ms
 * @param latencyMillis the borrow latency estimate
 * @param nowMillis the region's time of the decision
 * @param dropped the ticks of a pool whose lease had ended, dropped by this decision
 * @param lowWater the pool's low-water mark in ticks
 * @param leaseEnd the end of the pool's lease, the region's time
 * @param refused whether the home's last refusal still stands
 * @param shortLoan whether the pool's last loan was less than the region asked for: the demand outruns what the home
 * can lend
 */
record PoolAnswer(long taken, long remaining, long retryMillis, long resetMillis, boolean elected, long epoch, long seq,
		long held, long spent, long demandPerSecond, long latencyMillis, long nowMillis, long dropped, long lowWater,
		long leaseEnd, boolean refused, boolean shortLoan) {

	static PoolAnswer of(List<Object> reply) {
		return new PoolAnswer(number(reply, 0), number(reply, 1), number(reply, 2), number(reply, 3),
				number(reply, 4) == 1, number(reply, 5), number(reply, 6), number(reply, 7), number(reply, 8),
				number(reply, 10), number(reply, 11), number(reply, 12), number(reply, 13), number(reply, 14),
				number(reply, 15), number(reply, 16) == 1, number(reply, 17) == 1);
	}

	static long number(List<Object> reply, int index) {
		return (Long) reply.get(index);
	}

}
