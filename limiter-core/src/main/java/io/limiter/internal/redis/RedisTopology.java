package io.limiter.internal.redis;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;

/**
 * Where a backend's Redis is: a standalone server, the seeds of a cluster, a Sentinel setup, or a client the
 * application owns. Creates the executor over it, and says where it is for logs: hosts and ports, never credentials.
 */
public final class RedisTopology {

	private final String description;

	private final Function<RedisExecutors.Settings, LettuceScriptExecutor<?>> executor;

	private final boolean cluster;

	private RedisTopology(String description, Function<RedisExecutors.Settings, LettuceScriptExecutor<?>> executor) {
		this(description, executor, false);
	}

	private RedisTopology(String description, Function<RedisExecutors.Settings, LettuceScriptExecutor<?>> executor,
			boolean cluster) {
		this.description = description;
		this.executor = executor;
		this.cluster = cluster;
	}

	/**
	 * Returns a standalone server.
	 * @param uri the server, not a Sentinel setup
	 * @return the topology
	 * @throws IllegalArgumentException when the URI names no host or a Sentinel master
	 */
	public static RedisTopology standalone(RedisURI uri) {
		Objects.requireNonNull(uri, "uri must not be null");
		if (uri.getSentinelMasterId() != null || uri.getHost() == null) {
			throw new IllegalArgumentException(
					"a standalone server needs a host and no Sentinel master but was " + address(uri));
		}
		String database = (uri.getDatabase() != 0) ? ", database " + uri.getDatabase() : "";
		return new RedisTopology("standalone " + address(uri) + database + tls(uri),
				(settings) -> RedisExecutors.standalone(uri, settings));
	}

	/**
	 * Returns a cluster.
	 * @param seeds some of its nodes; Lettuce reaches every node with the credentials of the first
	 * @return the topology
	 * @throws IllegalArgumentException when there is no seed, or one names no host
	 */
	public static RedisTopology cluster(List<RedisURI> seeds) {
		List<RedisURI> copy = List.copyOf(Objects.requireNonNull(seeds, "seeds must not be null"));
		if (copy.isEmpty() || copy.stream().anyMatch((seed) -> seed.getHost() == null)) {
			throw new IllegalArgumentException("a cluster needs at least one seed, each with a host, but was "
					+ addresses(copy));
		}
		return new RedisTopology("cluster " + addresses(copy) + tls(copy.get(0)),
				(settings) -> RedisExecutors.cluster(copy, settings), true);
	}

	/**
	 * Returns a Sentinel setup.
	 * @param setup the name of the master, its credentials, database and TLS, and the Sentinels, each with its own
	 * credentials
	 * @return the topology
	 * @throws IllegalArgumentException when the master name is missing or holds a space, or there is no Sentinel
	 */
	public static RedisTopology sentinel(RedisURI setup) {
		Objects.requireNonNull(setup, "setup must not be null");
		String master = RedisEndpoints.sentinelMaster(setup.getSentinelMasterId());
		if (setup.getSentinels().isEmpty()) {
			throw new IllegalArgumentException("a Sentinel setup needs at least one Sentinel");
		}
		return new RedisTopology("Sentinel master '" + master + "' via " + addresses(setup.getSentinels()) + tls(setup),
				(settings) -> RedisExecutors.sentinel(setup, settings));
	}

	/**
	 * Returns a standalone client the application owns.
	 * @param client the client
	 * @return the topology
	 */
	public static RedisTopology client(RedisClient client) {
		Objects.requireNonNull(client, "client must not be null");
		return new RedisTopology("the application's Lettuce RedisClient",
				(settings) -> RedisExecutors.standalone(client, settings));
	}

	/**
	 * Returns a cluster client the application owns.
	 * @param client the client
	 * @return the topology
	 */
	public static RedisTopology client(RedisClusterClient client) {
		Objects.requireNonNull(client, "client must not be null");
		return new RedisTopology("the application's Lettuce RedisClusterClient",
				(settings) -> RedisExecutors.cluster(client, settings), true);
	}

	/**
	 * Returns whether this is a cluster, where only keys of one hash slot can share a script call.
	 * @return {@code true} for a cluster
	 */
	public boolean isCluster() {
		return this.cluster;
	}

	/**
	 * Creates the executor over this topology; its connection opens in the background.
	 * @param settings the deadline, TLS and background threads
	 * @return the executor
	 */
	public LettuceScriptExecutor<?> executor(RedisExecutors.Settings settings) {
		return this.executor.apply(settings);
	}

	/**
	 * Says where Redis is, such as {@code cluster 10.0.0.1:6379, 10.0.0.2:6379 (TLS)}: hosts and ports, never
	 * credentials.
	 */
	@Override
	public String toString() {
		return this.description;
	}

	private static String addresses(List<RedisURI> uris) {
		return uris.stream().map(RedisTopology::address).collect(Collectors.joining(", "));
	}

	private static String address(RedisURI uri) {
		return uri.getHost() + ":" + uri.getPort();
	}

	private static String tls(RedisURI uri) {
		return uri.isSsl() ? " (TLS)" : "";
	}

}
