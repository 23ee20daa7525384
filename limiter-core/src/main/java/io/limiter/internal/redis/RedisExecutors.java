package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.limiter.internal.LimiterThreads;

/**
 * Creates {@link ScriptExecutor}s over one multiplexed Lettuce connection, to a standalone server or a
 * cluster, from settings or from a client the application already has. Connections open in the background.
 * <p>
 * Clients created here time each command out at the {@link AdaptiveTimeout}'s deadline, and refuse commands at
 * once while their connection is down (instead of queueing them until it is back), so that the failure policy
 * decides without waiting.
 */
public final class RedisExecutors {

	/** How often the cluster topology is refreshed even when nothing triggers it. */
	static final Duration PERIODIC_TOPOLOGY_REFRESH = Duration.ofSeconds(10);

	/**
	 * The shortest time between two topology reloads caused by MOVED, ASK or reconnections. Lettuce's default
	 * of 5 s made every decision on a moved slot take two round trips, by way of MOVED, for up to 5 s.
	 */
	static final Duration ADAPTIVE_REFRESH_TIMEOUT = Duration.ofSeconds(1);

	/** The shortest time between two topology reloads caused by failed calls. */
	static final Duration TOPOLOGY_REFRESH_ON_FAILURE = Duration.ofMillis(500);

	/** The longest time between two attempts to reconnect to the master of a Sentinel setup. */
	static final Duration SENTINEL_RECONNECT_DELAY = Duration.ofMillis(500);

	private RedisExecutors() {
	}

	/**
	 * What every executor needs besides its server.
	 * @param deadline the deadline of each call
	 * @param ssl the TLS settings of servers whose URI asks for TLS (trust, client certificates, protocols), or
	 * {@code null} for the JVM's defaults (clients created here only)
	 * @param background runs connection attempts
	 */
	public record Settings(AdaptiveTimeout deadline, SslOptions ssl, ScheduledExecutorService background) {

		/**
		 * Returns settings with a fixed deadline, the default trust store and background threads of their own,
		 * for tools and tests that use an executor without a backend; they shut {@link #background()} down
		 * when they are done with it.
		 * @param timeout the deadline of every call
		 * @return the settings
		 */
		public static Settings fixed(Duration timeout) {
			return new Settings(new AdaptiveTimeout(timeout, timeout), null, LimiterThreads.newScheduler("limiter-redis"));
		}

	}

	/**
	 * Creates a client and an executor for a standalone server; closing the executor shuts the client down.
	 * @param uri the server
	 * @param settings the deadline, trust and background threads
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> standalone(RedisURI uri, Settings settings) {
		RedisClient client = RedisClient.create(uri);
		client.setOptions(ownedClientOptions(ClientOptions.builder(), settings).build());
		return standalone(client, releaser(client, true), null, false, settings);
	}

	/**
	 * Creates a client and an executor for the master of a Sentinel setup; closing the executor shuts the client
	 * down. Lettuce asks the Sentinels where the master is at each (re)connection, and reconnects at most
	 * {@link #SENTINEL_RECONNECT_DELAY} apart instead of after its default back-off of up to 30 s, so a dead
	 * master's successor is found soon after the Sentinels promote it; and as soon as they announce a new master
	 * ({@link SentinelAnnouncements}) the executor moves to it, also when the old one is still alive.
	 * @param uri the master name and the Sentinels, as {@link RedisEndpoints#sentinel} reads them
	 * @param settings the deadline, trust and background threads
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> sentinel(RedisURI uri, Settings settings) {
		ClientResources resources = ClientResources.builder()
			.reconnectDelay(
					Delay.exponential(Duration.ofMillis(10), SENTINEL_RECONNECT_DELAY, 2, TimeUnit.MILLISECONDS))
			.build();
		RedisClient client = RedisClient.create(resources, uri);
		client.setOptions(ownedClientOptions(ClientOptions.builder(), settings).build());
		SentinelAnnouncements announcements = new SentinelAnnouncements(client, uri, settings.background());
		LettuceScriptExecutor<?> executor = standalone(client, () -> {
			announcements.close();
			client.shutdown();
			resources.shutdown();
		}, null, false, settings);
		announcements.onSwitch(executor::reconnect);
		return executor;
	}

	/**
	 * Creates an executor over a client the application owns; closing the executor leaves the client open.
	 * The executor bounds every call by the deadline, whatever the client's own timeout settings are, and a
	 * client that times commands out gets the ceiling of the deadline as its connection's command timeout.
	 * @param client the client
	 * @param settings the deadline and background threads
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> standalone(RedisClient client, Settings settings) {
		return standalone(client, releaser(client, false), connectionTimeoutOf(client, settings), true, settings);
	}

	private static LettuceScriptExecutor<?> standalone(RedisClient client, Runnable releaseClient,
			Duration connectionTimeout, boolean boundEachCall, Settings settings) {
		return new LettuceScriptExecutor<StatefulRedisConnection<String, String>>(
				() -> CompletableFuture.supplyAsync(client::connect, settings.background()),
				StatefulRedisConnection::async, MasterCommands.standalone(),
				Routing.standalone(), releaseClient, settings.deadline(), connectionTimeout,
				boundEachCall, settings.background());
	}

	/**
	 * Creates a client and an executor for a cluster, with periodic and adaptive topology refresh (MOVED, ASK,
	 * persistent reconnects and the other triggers Lettuce enables by default), and a refresh after failed calls
	 * (see {@link ClusterRouting}); closing the executor shuts the client down.
	 * @param seeds some nodes of the cluster
	 * @param settings the deadline, trust and background threads
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> cluster(List<RedisURI> seeds, Settings settings) {
		RedisClusterClient client = RedisClusterClient.create(seeds);
		ClusterClientOptions.Builder options = ClusterClientOptions.builder()
			.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
				.enablePeriodicRefresh(PERIODIC_TOPOLOGY_REFRESH)
				.adaptiveRefreshTriggersTimeout(ADAPTIVE_REFRESH_TIMEOUT)
				.build());
		client.setOptions(ownedClientOptions(options, settings).build());
		return cluster(client, true, null, false, settings);
	}

	/**
	 * Creates an executor over a cluster client the application owns; closing the executor leaves the client
	 * open. The executor bounds every call as for a standalone client, and reloads the client's topology after
	 * failed calls.
	 * @param client the client
	 * @param settings the deadline and background threads
	 * @return the executor
	 */
	public static LettuceScriptExecutor<?> cluster(RedisClusterClient client, Settings settings) {
		return cluster(client, false, connectionTimeoutOf(client, settings), true, settings);
	}

	private static LettuceScriptExecutor<?> cluster(RedisClusterClient client, boolean ownsClient,
			Duration connectionTimeout, boolean boundEachCall, Settings settings) {
		return new LettuceScriptExecutor<StatefulRedisClusterConnection<String, String>>(
				() -> client.refreshPartitionsAsync().thenCompose((topology) -> client.connectAsync(StringCodec.UTF8)),
				StatefulRedisClusterConnection::async, MasterCommands.cluster(),
				new ClusterRouting(client, TOPOLOGY_REFRESH_ON_FAILURE), releaser(client, ownsClient),
				settings.deadline(), connectionTimeout, boundEachCall, settings.background());
	}

	private static <B extends ClientOptions.Builder> B ownedClientOptions(B options, Settings settings) {
		options.timeoutOptions(TimeoutOptions.builder().timeoutSource(settings.deadline()).build())
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
		if (settings.ssl() != null) {
			options.sslOptions(settings.ssl());
		}
		return options;
	}

	/**
	 * Returns the command timeout to put on the connection of a client the application owns: the deadline's
	 * ceiling when the client times commands out, so that its own longer timeout does not apply; none otherwise.
	 */
	private static Duration connectionTimeoutOf(AbstractRedisClient client, Settings settings) {
		ClientOptions options = client.getOptions();
		return (options != null && options.getTimeoutOptions().isTimeoutCommands())
				? Duration.ofMillis(settings.deadline().ceilingMillis()) : null;
	}

	private static Runnable releaser(AbstractRedisClient client, boolean ownsClient) {
		return ownsClient ? client::shutdown : () -> {
		};
	}

}
