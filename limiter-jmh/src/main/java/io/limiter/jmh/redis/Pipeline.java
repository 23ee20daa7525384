package io.limiter.jmh.redis;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.limiter.jmh.baseline.NodeConnections;

/**
 * Connections of one's own, one per master, that send commands only when flushed, as {@code redis-benchmark -P}
 * pipelines them: for probing how many script calls Redis itself can serve. Each command goes straight to the
 * master that owns its first key, with none of the cluster client's routing in between. Not thread-safe.
 */
public final class Pipeline {

	private final NodeConnections target;

	private final Map<String, StatefulRedisConnection<String, String>> byOwner = new HashMap<>();

	/**
	 * Creates a pipeline whose connections the target opens, and closes.
	 * @param target the Redis
	 */
	public Pipeline(NodeConnections target) {
		this.target = target;
	}

	/**
	 * Queues an EVALSHA on the master of its first key.
	 * @param sha1 the script's digest, already loaded on the node
	 * @param keys the keys
	 * @param args the arguments
	 * @return the reply to come
	 */
	public RedisFuture<List<Object>> evalsha(String sha1, String[] keys, String... args) {
		StatefulRedisConnection<String, String> connection = this.byOwner.computeIfAbsent(this.target.ownerOf(keys[0]),
				(owner) -> {
					StatefulRedisConnection<String, String> opened = this.target.open(owner);
					opened.setAutoFlushCommands(false);
					return opened;
				});
		return connection.async().evalsha(sha1, ScriptOutputType.MULTI, keys, args);
	}

	/**
	 * Sends every queued command.
	 */
	public void flush() {
		for (StatefulRedisConnection<String, String> connection : this.byOwner.values()) {
			connection.flushCommands();
		}
	}

}
