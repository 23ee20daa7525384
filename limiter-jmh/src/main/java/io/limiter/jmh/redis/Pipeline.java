package io.limiter.jmh.redis;

import java.util.List;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;

/**
 * A connection of one's own that sends commands only when flushed, as {@code redis-benchmark -P} pipelines
 * them: for probing how many script calls Redis itself can serve.
 */
public final class Pipeline implements AutoCloseable {

	private final StatefulConnection<String, String> connection;

	private final RedisClusterAsyncCommands<String, String> commands;

	Pipeline(StatefulConnection<String, String> connection, RedisClusterAsyncCommands<String, String> commands) {
		this.connection = connection;
		this.commands = commands;
		connection.setAutoFlushCommands(false);
	}

	/**
	 * Queues an EVALSHA, routed by its first key on a cluster.
	 * @param sha1 the script's digest, already loaded on the node
	 * @param keys the keys
	 * @param args the arguments
	 * @return the reply to come
	 */
	public RedisFuture<List<Object>> evalsha(String sha1, String[] keys, String... args) {
		return this.commands.evalsha(sha1, ScriptOutputType.MULTI, keys, args);
	}

	/**
	 * Sends every queued command.
	 */
	public void flush() {
		this.connection.flushCommands();
	}

	@Override
	public void close() {
		this.connection.close();
	}

}
