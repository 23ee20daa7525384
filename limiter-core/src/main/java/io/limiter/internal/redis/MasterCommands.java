package io.limiter.internal.redis;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;

/**
 * What Limiter sends to every master behind a connection, apart from the decisions: the scripts it loads, and the
 * configuration it reads. One server when standalone, each master of a cluster.
 * @param <C> the connection type
 */
public interface MasterCommands<C> {

	/**
	 * Sends {@code SCRIPT LOAD} of a source to every master.
	 * @param connection the open connection
	 * @param source the script's source
	 * @return completed once every master has answered
	 */
	CompletionStage<?> loadScript(C connection, String source);

	/**
	 * Reads the parameters of every master's configuration that match a pattern ({@code CONFIG GET}).
	 * @param connection the open connection
	 * @param pattern the parameters, such as {@code maxmemory*}
	 * @return the parameters by master, {@code host:port} on a cluster and the empty name for the one server
	 * otherwise; failed when a master refused or failed
	 */
	CompletionStage<Map<String, Map<String, String>>> configGet(C connection, String pattern);

	/**
	 * Returns the commands of a standalone server (or of the master a Sentinel setup names).
	 * @return the commands
	 */
	static MasterCommands<StatefulRedisConnection<String, String>> standalone() {
		return new MasterCommands<>() {

			@Override
			public CompletionStage<?> loadScript(StatefulRedisConnection<String, String> connection, String source) {
				return connection.async().scriptLoad(source);
			}

			@Override
			public CompletionStage<Map<String, Map<String, String>>> configGet(
					StatefulRedisConnection<String, String> connection, String pattern) {
				return connection.async().configGet(pattern).thenApply((config) -> Map.of("", config));
			}

		};
	}

	/**
	 * Returns the commands of a cluster, sent to each master that the connection's topology knows now.
	 * @return the commands
	 */
	static MasterCommands<StatefulRedisClusterConnection<String, String>> cluster() {
		return new MasterCommands<>() {

			@Override
			public CompletionStage<?> loadScript(StatefulRedisClusterConnection<String, String> connection,
					String source) {
				return connection.async().upstream().commands().scriptLoad(source);
			}

			@Override
			public CompletionStage<Map<String, Map<String, String>>> configGet(
					StatefulRedisClusterConnection<String, String> connection, String pattern) {
				Map<RedisClusterNode, CompletableFuture<Map<String, String>>> byNode = connection.async()
					.upstream()
					.commands()
					.configGet(pattern)
					.asMap();
				return CompletableFuture.allOf(byNode.values().toArray(CompletableFuture[]::new))
					.thenApply((all) -> {
						Map<String, Map<String, String>> config = new TreeMap<>();
						byNode.forEach((node, answer) -> config.put(address(node.getUri()), answer.join()));
						return config;
					});
			}

		};
	}

	private static String address(RedisURI uri) {
		return uri.getHost() + ":" + uri.getPort();
	}

}
