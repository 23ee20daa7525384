package io.limiter.internal.redis;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;

/**
 * Routes by Lettuce's view of the cluster topology, and asks Lettuce to reload it when calls fail or are
 * refused by a circuit breaker, at most once per interval.
 * <p>
 * After a master dies, Lettuce's own triggers reload the topology once its reconnection attempts pile up,
 * which is before the replica is promoted; the next trigger waits for a reconnection attempt that its
 * exponential back-off makes rarer and rarer, so calls went to the dead node for seconds after the promotion.
 * Reloading on our own failures finds the promoted replica within an interval of its promotion, and then
 * the keys of the dead master go to the replica, whose circuit breaker is closed.
 */
final class ClusterRouting implements Routing<StatefulRedisClusterConnection<String, String>> {

	private final RedisClusterClient client;

	private final long intervalNanos;

	private final AtomicLong nextRefresh = new AtomicLong(System.nanoTime());

	/**
	 * Creates the routing.
	 * @param client the client whose topology is reloaded
	 * @param refreshInterval the shortest time between two reloads
	 */
	ClusterRouting(RedisClusterClient client, Duration refreshInterval) {
		this.client = client;
		this.intervalNanos = refreshInterval.toNanos();
	}

	@Override
	public String nodeOf(StatefulRedisClusterConnection<String, String> connection, String key) {
		RedisClusterNode node = connection.getPartitions().getPartitionBySlot(SlotHash.getSlot(key));
		return (node != null && node.getNodeId() != null) ? node.getNodeId() : "";
	}

	@Override
	public void refresh() {
		long now = System.nanoTime();
		long due = this.nextRefresh.get();
		if (now - due >= 0 && this.nextRefresh.compareAndSet(due, now + this.intervalNanos)) {
			this.client.refreshPartitionsAsync();
		}
	}

}
