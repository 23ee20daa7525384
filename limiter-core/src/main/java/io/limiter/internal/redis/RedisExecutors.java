package io.limiter.internal.redis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.StringCodec;

/**
 * Creates {@link ScriptExecutor}s over one multiplexed Lettuce connection, to a standalone server or a
 * cluster, from settings or from a client the application already has. Connections open in the background.
 */
public final class RedisExecutors {

	/** How often the cluster topology is refreshed even when nothing triggers it. */
	static final Duration PERIODIC_TOPOLOGY_REFRESH = Duration.ofSeconds(30);

	/**
	 * The shortest time between two topology reloads caused by MOVED, ASK or reconnections. Lettuce's default
	 * of 5 s made every decision on a moved slot take two round trips, by way of MOVED, for up to 5 s.
	 */
	static final Duration ADAPTIVE_REFRESH_TIMEOUT = Duration.ofSeconds(1);

	/** The shortest time between two topology reloads caused by failed calls. */
	static final Duration TOPOLOGY_REFRESH_ON_FAILURE = Duration.ofSeconds(1);

	private RedisExecutors() {
	}

	/**
	 * Creates a client and an executor for a standalone server; closing the executor shuts the client down.
	 * @param uri the server
	 * @param timeout the timeout of every command
	 * @param trustedCertificates a PEM file of the certificates that a TLS server's chain must end in, or
	 * {@code null} for the JVM's default trust store
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> standalone(RedisURI uri, Duration timeout, Path trustedCertificates) {
		RedisClient client = RedisClient.create(uri);
		ClientOptions.Builder options = ClientOptions.builder().timeoutOptions(timeoutOptions(timeout));
		if (trustedCertificates != null) {
			options.sslOptions(
					SslOptions.builder().jdkSslProvider().trustManager(trustedCertificates.toFile()).build());
		}
		client.setOptions(options.build());
		return standalone(client, true, null, null);
	}

	/**
	 * Creates an executor over a client the application owns; closing the executor leaves the client open.
	 * The executor bounds every call by the timeout, whatever the client's own timeout settings are: as the
	 * connection's command timeout, or, when the client does not time commands out, call by call.
	 * @param client the client
	 * @param timeout the timeout of every call
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> standalone(RedisClient client, Duration timeout) {
		return standalone(client, false, timeout, boundEachCall(client, timeout));
	}

	private static LettuceScriptExecutor<?> standalone(RedisClient client, boolean ownsClient,
			Duration connectionTimeout, Duration callTimeout) {
		return new LettuceScriptExecutor<StatefulRedisConnection<String, String>>(
				() -> CompletableFuture.supplyAsync(client::connect), StatefulRedisConnection::async,
				(connection, source) -> connection.async().scriptLoad(source), Routing.standalone(),
				releaser(client, ownsClient), connectionTimeout, callTimeout);
	}

	/**
	 * Creates a client and an executor for a cluster, with periodic and adaptive topology refresh (Lettuce
	 * enables every adaptive trigger by default), and a refresh after failed calls (see
	 * {@link ClusterRouting}); closing the executor shuts the client down.
	 * @param seeds some nodes of the cluster
	 * @param timeout the timeout of every command
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> cluster(List<RedisURI> seeds, Duration timeout) {
		RedisClusterClient client = RedisClusterClient.create(seeds);
		client.setOptions(ClusterClientOptions.builder()
			.timeoutOptions(timeoutOptions(timeout))
			.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
				.enablePeriodicRefresh(PERIODIC_TOPOLOGY_REFRESH)
				.adaptiveRefreshTriggersTimeout(ADAPTIVE_REFRESH_TIMEOUT)
				.build())
			.build());
		return cluster(client, true, null, null);
	}

	/**
	 * Creates an executor over a cluster client the application owns; closing the executor leaves the client
	 * open. The executor bounds every call by the timeout as for a standalone client, and reloads the client's
	 * topology after failed calls.
	 * @param client the client
	 * @param timeout the timeout of every call
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> cluster(RedisClusterClient client, Duration timeout) {
		return cluster(client, false, timeout, boundEachCall(client, timeout));
	}

	private static LettuceScriptExecutor<?> cluster(RedisClusterClient client, boolean ownsClient,
			Duration connectionTimeout, Duration callTimeout) {
		return new LettuceScriptExecutor<StatefulRedisClusterConnection<String, String>>(
				() -> client.refreshPartitionsAsync().thenCompose((topology) -> client.connectAsync(StringCodec.UTF8)),
				StatefulRedisClusterConnection::async,
				(connection, source) -> connection.async().upstream().commands().scriptLoad(source),
				new ClusterRouting(client, TOPOLOGY_REFRESH_ON_FAILURE), releaser(client, ownsClient),
				connectionTimeout, callTimeout);
	}

	/**
	 * Returns the timeout to put on each call of a client the application owns: none when the client times
	 * commands out, since the connection's command timeout is then set to the backend's; the backend's
	 * otherwise.
	 */
	private static Duration boundEachCall(AbstractRedisClient client, Duration timeout) {
		ClientOptions options = client.getOptions();
		return (options != null && options.getTimeoutOptions().isTimeoutCommands()) ? null : timeout;
	}

	private static Runnable releaser(AbstractRedisClient client, boolean ownsClient) {
		return ownsClient ? client::shutdown : () -> {
		};
	}

	private static TimeoutOptions timeoutOptions(Duration timeout) {
		return TimeoutOptions.builder().fixedTimeout(timeout).build();
	}

}
