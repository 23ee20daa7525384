package io.limiter.jmh.baseline;

/**
 * Where a client-side baseline reports what one decision cost: the Redis commands it sent and the optimistic
 * transactions that Redis aborted. Implementations are confined to one thread.
 */
public interface CallTally {

	/**
	 * Records commands sent to Redis.
	 * @param count how many
	 */
	void commands(int count);

	/**
	 * Records a transaction that Redis aborted because a watched key changed.
	 */
	void aborted();

}
