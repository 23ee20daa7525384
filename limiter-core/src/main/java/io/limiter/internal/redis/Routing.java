package io.limiter.internal.redis;

/**
 * Where the calls for a key go: one server when standalone, the master that serves the key's slot now on a
 * cluster, whose view of the topology may need a reload when calls fail.
 * @param <C> the connection type
 */
public interface Routing<C> {

	/**
	 * Returns the node that the calls for a key go to now.
	 * @param connection the open connection
	 * @param key a Redis key
	 * @return an id of the node, the same for every key it serves; empty when it is not known
	 */
	String nodeOf(C connection, String key);

	/**
	 * Reloads the view of where keys go, at most once in a while; called when calls fail or are refused.
	 */
	void refresh();

	/**
	 * Returns the routing of a standalone server: every key on one node, nothing to reload.
	 * @param <C> the connection type
	 * @return the routing
	 */
	static <C> Routing<C> standalone() {
		return new Routing<>() {

			@Override
			public String nodeOf(C connection, String key) {
				return "";
			}

			@Override
			public void refresh() {
			}

		};
	}

}
