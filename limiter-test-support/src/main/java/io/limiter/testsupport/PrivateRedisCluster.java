package io.limiter.testsupport;

import java.time.Duration;
import java.util.List;

/**
 * A Redis Cluster of three masters and three replicas that belongs to the test that started it, which may kill and
 * restart its nodes: a {@link LocalRedisCluster} of processes or a {@link DockerRedisCluster} of containers.
 *
 * @param <N> the type of its nodes
 */
public interface PrivateRedisCluster<N extends RedisNode> extends RedisCluster {

	/** The default {@code cluster-node-timeout}: how long a node may be unreachable before it is failed over. */
	Duration DEFAULT_NODE_TIMEOUT = Duration.ofMillis(2000);

	/** How long starting a cluster and {@link #awaitReady()} wait for the cluster to be ready. */
	Duration READY_TIMEOUT = Duration.ofSeconds(30);

	/** {@return all six nodes, alive or not, in a fixed order} */
	List<N> nodes();

	/**
	 * Returns the live nodes that report {@code role:master} now.
	 * @return the current masters
	 */
	List<N> masters();

	/**
	 * Returns the live nodes that report {@code role:slave} now.
	 * @return the current replicas
	 */
	List<N> replicas();

	/**
	 * Returns the node listening on a port.
	 * @param port the port of the node
	 * @return the node
	 * @throws IllegalArgumentException if no node of this cluster has that port
	 */
	N node(int port);

	/**
	 * Waits up to {@link #READY_TIMEOUT} until the live nodes form a ready cluster again: all report
	 * {@code cluster_state:ok}, every live replica is linked to its master, and all agree on a layout that covers the
	 * 16384 slots and names only live nodes. After a node is killed this waits until the others have marked it
	 * failed (and, for a master, until its replica has taken over); after a node restarts, until it has rejoined.
	 * @throws IllegalStateException naming the last problem seen if the cluster is not ready in time
	 */
	void awaitReady();

	/**
	 * Waits until the live nodes form a ready cluster again.
	 * @param timeout how long to wait
	 * @throws IllegalStateException naming the last problem seen if the cluster is not ready in time
	 * @see #awaitReady()
	 */
	void awaitReady(Duration timeout);

}
