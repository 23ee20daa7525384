package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;

/**
 * Creates {@link ScriptExecutor}s over one multiplexed Lettuce connection, to a standalone server or a
 * cluster, from settings or from a client the application already has.
 */
public final class RedisExecutors {

	/** How often the cluster topology is refreshed even when nothing triggers it. */
	static final Duration PERIODIC_TOPOLOGY_REFRESH = Duration.ofSeconds(30);

	private RedisExecutors() {
	}

	/**
	 * Creates a client and an executor for a standalone server; closing the executor shuts the client down.
	 * @param uri the server
	 * @param timeout the timeout of every command
	 * @return the executor
	 */
	public static ScriptExecutor standalone(RedisURI uri, Duration timeout) {
		RedisClient client = RedisClient.create(uri);
		client.setOptions(ClientOptions.builder().timeoutOptions(timeoutOptions(timeout)).build());
		return standalone(client, true);
	}

	/**
	 * Creates an executor over a client.
	 * @param client the client
	 * @param ownsClient whether closing the executor shuts the client down
	 * @return the executor
	 */
	public static ScriptExecutor standalone(RedisClient client, boolean ownsClient) {
		StatefulRedisConnection<String, String> connection = client.connect();
		return new LettuceScriptExecutor(connection.async(), (source) -> connection.async().scriptLoad(source),
				() -> {
					connection.close();
					if (ownsClient) {
						client.shutdown();
					}
				});
	}

	/**
	 * Creates a client and an executor for a cluster, with periodic and adaptive topology refresh (Lettuce enables every adaptive trigger by default); closing the
	 * executor shuts the client down.
	 * @param seeds some nodes of the cluster
	 * @param timeout the timeout of every command
	 * @return the executor
	 */
	public static ScriptExecutor cluster(List<RedisURI> seeds, Duration timeout) {
		RedisClusterClient client = RedisClusterClient.create(seeds);
		client.setOptions(ClusterClientOptions.builder()
			.timeoutOptions(timeoutOptions(timeout))
			.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
				.enablePeriodicRefresh(PERIODIC_TOPOLOGY_REFRESH)
				.build())
			.build());
		return cluster(client, true);
	}

	/**
	 * Creates an executor over a cluster client.
	 * @param client the client
	 * @param ownsClient whether closing the executor shuts the client down
	 * @return the executor
	 */
	public static ScriptExecutor cluster(RedisClusterClient client, boolean ownsClient) {
		StatefulRedisClusterConnection<String, String> connection = client.connect();
		return new LettuceScriptExecutor(connection.async(),
				(source) -> connection.async().upstream().commands().scriptLoad(source), () -> {
					connection.close();
					if (ownsClient) {
						client.shutdown();
					}
				});
	}

	private static TimeoutOptions timeoutOptions(Duration timeout) {
		return TimeoutOptions.builder().fixedTimeout(timeout).build();
	}

}
