package io.limiter.internal.local;

/**
 * Sizes the batch that one key borrows from its local demand: an exponentially weighted moving average
 * (weight one half, rounded towards the newest value so that it reaches it) of the ticks the key took per
 * half lease, kept between the initial batch and the largest one. A cold key borrows little, so idle instances hold little of a key's budget; a busy key
 * borrows enough that its tokens last about half a lease, so few of them expire unspent.
 */
final class AdaptiveBatch {

	private final long initialTicks;

	private final long maximumTicks;

	private final long horizonMillis;

	/**
	 * Creates a policy.
	 * @param initialTicks the batch of a key without history
	 * @param maximumTicks the largest batch; it also caps the initial one
	 * @param leaseMillis the lease of borrowed tokens
	 */
	AdaptiveBatch(long initialTicks, long maximumTicks, long leaseMillis) {
		this.initialTicks = Math.min(initialTicks, maximumTicks);
		this.maximumTicks = maximumTicks;
		this.horizonMillis = Math.max(1, leaseMillis / 2);
	}

	/**
	 * Returns the half lease over which demand is measured.
	 * @return the horizon in milliseconds
	 */
	long horizonMillis() {
		return this.horizonMillis;
	}

	/**
	 * Returns the batch of a key without history.
	 * @return the initial batch in ticks
	 */
	long initial() {
		return this.initialTicks;
	}

	/**
	 * Returns the largest batch.
	 * @return the largest batch in ticks
	 */
	long maximum() {
		return this.maximumTicks;
	}

	/**
	 * Returns the next batch of a key.
	 * @param batchTicks the key's current batch, which is also its demand estimate
	 * @param consumedTicks the ticks the key took since its last borrow
	 * @param elapsedMillis the time since its last borrow
	 * @return the next batch, from the initial to the largest batch
	 */
	long next(long batchTicks, long consumedTicks, long elapsedMillis) {
		long recent = (elapsedMillis <= 0) ? this.maximumTicks
				: Math.min(this.maximumTicks, multiplyOrMax(consumedTicks, this.horizonMillis) / elapsedMillis);
		long step = recent - batchTicks;
		long next = batchTicks + step / 2 + step % 2;
		return Math.max(this.initialTicks, Math.min(this.maximumTicks, next));
	}

	private static long multiplyOrMax(long a, long b) {
		long high = Math.multiplyHigh(a, b);
		long low = a * b;
		return (high != 0 || low < 0) ? Long.MAX_VALUE : low;
	}

}
