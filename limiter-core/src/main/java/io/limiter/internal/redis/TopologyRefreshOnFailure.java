package io.limiter.internal.redis;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.cluster.RedisClusterClient;

/**
 * Asks Lettuce to reload the cluster topology after a failed call, at most once per interval.
 * <p>
 * After a master dies, Lettuce's own triggers refresh the topology once its reconnection attempts pile up,
 * which is before the replica is promoted; the next trigger waits for a reconnection attempt that its
 * exponential back-off makes rarer and rarer, so calls went to the dead node for seconds after the promotion.
 * Refreshing on our own failures finds the promoted replica within an interval of its promotion.
 */
final class TopologyRefreshOnFailure implements Runnable {

	private final RedisClusterClient client;

	private final long intervalNanos;

	private final AtomicLong nextRefresh = new AtomicLong(System.nanoTime());

	/**
	 * Creates the action.
	 * @param client the client whose topology is reloaded
	 * @param interval the shortest time between two reloads
	 */
	TopologyRefreshOnFailure(RedisClusterClient client, Duration interval) {
		this.client = client;
		this.intervalNanos = interval.toNanos();
	}

	@Override
	public void run() {
		long now = System.nanoTime();
		long due = this.nextRefresh.get();
		if (now - due >= 0 && this.nextRefresh.compareAndSet(due, now + this.intervalNanos)) {
			this.client.refreshPartitionsAsync();
		}
	}

}
