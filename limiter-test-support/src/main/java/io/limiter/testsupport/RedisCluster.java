package io.limiter.testsupport;

import java.util.List;

/**
 * A running Redis Cluster of three masters and three replicas reachable from this JVM.
 *
 * @see RedisFixtures#cluster()
 * @see LocalRedisCluster
 */
public interface RedisCluster extends AutoCloseable {

	/**
	 * Returns the addresses of all nodes, for a client's seed list.
	 * @return comma-separated {@code host:port} pairs
	 */
	String seedNodes();

	/**
	 * Returns the URIs of all nodes, for Lettuce's {@code RedisClusterClient.create}.
	 * @return one {@code redis://host:port} string per node
	 */
	List<String> nodeUris();

	/**
	 * Deletes every key on every master ({@code FLUSHALL}); replicas follow their masters.
	 * @throws IllegalStateException if a master does not answer
	 */
	void flushAll();

	/**
	 * Stops every node and frees what they used; does nothing if already stopped.
	 */
	void stop();

	/**
	 * Same as {@link #stop()}.
	 */
	@Override
	void close();

}
