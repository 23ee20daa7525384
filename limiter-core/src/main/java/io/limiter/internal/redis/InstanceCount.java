package io.limiter.internal.redis;

import java.time.Duration;

/**
 * The number of instances as the heartbeats report it, which may rise at once but falls only once the higher
 * count is older than a heartbeat's expiry. A restarted Redis without persistence has lost every heartbeat, and
 * the instances beat again one after the other: the first to beat would count itself alone and take the whole
 * capacity as its share of an outage that comes before the others beat. An instance that stopped is still
 * forgotten, at most one expiry later than its heartbeat is.
 */
final class InstanceCount {

	private final long expiryMillis;

	private int count = 1;

	private long countSeenMillis = Long.MIN_VALUE;

	/**
	 * Creates a count of one, as for an instance that has never reached Redis.
	 * @param expiry how long a heartbeat counts
	 */
	InstanceCount(Duration expiry) {
		this.expiryMillis = expiry.toMillis();
	}

	/**
	 * Takes a count that a heartbeat reported.
	 * @param reported the number of instances whose heartbeat counts now, at least 1
	 * @param nowMillis the time it was reported, in milliseconds of one clock
	 */
	synchronized void report(int reported, long nowMillis) {
		if (reported >= this.count || nowMillis - this.countSeenMillis >= this.expiryMillis) {
			this.count = reported;
			this.countSeenMillis = nowMillis;
		}
	}

	/** {@return the number of instances, at least 1} */
	synchronized int get() {
		return this.count;
	}

}
