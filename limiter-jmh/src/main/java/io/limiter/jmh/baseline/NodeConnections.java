package io.limiter.jmh.baseline;

import io.lettuce.core.api.StatefulRedisConnection;

/**
 * Opens connections of one's own to the server that owns a key, for commands such as WATCH that belong to a
 * connection rather than to a request.
 */
public interface NodeConnections {

	/**
	 * Returns the server that owns a key (its master on a cluster).
	 * @param key the key
	 * @return an identifier of the server, for example {@code 127.0.0.1:7001}
	 */
	String ownerOf(String key);

	/**
	 * Opens a new connection to a server; whoever provides this interface closes it.
	 * @param owner an identifier from {@link #ownerOf(String)}
	 * @return the connection
	 */
	StatefulRedisConnection<String, String> open(String owner);

}
