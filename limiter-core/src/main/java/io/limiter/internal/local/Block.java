package io.limiter.internal.local;

import io.limiter.internal.memory.IdleAware;

/**
 * What Redis said when it refused a key one permit short: requests of {@code permits} are refused, with
 * {@code permits - 1} remaining, until {@code untilMillis}. Idle, and so collectable, once that time has passed.
 * @param untilMillis the retry deadline
 * @param permits the permits of the refused request
 * @param resetAtMillis when Redis expected the key to be full again
 * @param limit the capacity of the rate that refused
 * @param rate the index of that rate in the limit's rates
 */
record Block(long untilMillis, long permits, long resetAtMillis, long limit, int rate) implements IdleAware {

	@Override
	public boolean isIdle(long nowMillis) {
		return nowMillis >= this.untilMillis;
	}

}
