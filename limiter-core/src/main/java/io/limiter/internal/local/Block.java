package io.limiter.internal.local;

import io.limiter.internal.memory.IdleAware;

/**
 * What Redis said when it refused a key: requests of at least {@code permits} are refused until
 * {@code untilMillis}. Idle, and so collectable, once that time has passed.
 * @param untilMillis the retry deadline
 * @param permits the permits of the refused request
 * @param remaining the permits Redis reported as left
 * @param resetAtMillis when Redis expected the key to be full again
 */
record Block(long untilMillis, long permits, long remaining, long resetAtMillis) implements IdleAware {

	@Override
	public boolean isIdle(long nowMillis) {
		return nowMillis >= this.untilMillis;
	}

}
