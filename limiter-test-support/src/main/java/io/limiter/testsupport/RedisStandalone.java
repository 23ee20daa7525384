package io.limiter.testsupport;

/**
 * A running standalone Redis server reachable from this JVM.
 *
 * @see RedisFixtures#standalone()
 * @see RedisServerProcess
 */
public interface RedisStandalone extends AutoCloseable {

	/**
	 * Returns the host to connect to.
	 * @return the host, {@code 127.0.0.1} for a local process
	 */
	String host();

	/** {@return the port to connect to} */
	int port();

	/**
	 * Returns the URI of the server for Lettuce's {@code RedisURI.create}.
	 * @return a {@code redis://host:port} string
	 */
	String uri();

	/**
	 * Deletes every key of every database ({@code FLUSHALL}).
	 * @throws IllegalStateException if the server does not answer
	 */
	void flushAll();

	/**
	 * Stops the server and frees what it used; does nothing if it is already stopped.
	 */
	void stop();

	/**
	 * Same as {@link #stop()}.
	 */
	@Override
	void close();

}
