package io.limiter.testsupport;

/**
 * One Redis server that a test owns and may crash: a {@link RedisServerProcess} or a {@link RedisServerContainer}.
 * After {@link #kill()} and {@link #restart()} it listens on the same port with the same files, so a cluster node
 * comes back as the same node.
 */
public interface RedisNode extends RedisStandalone {

	/**
	 * Returns whether the server is running.
	 * @return {@code true} until it is killed or stopped
	 */
	boolean isAlive();

	/**
	 * Kills the server at once with {@code SIGKILL}, as a crash would, and waits until it is gone; its port and files
	 * are kept for {@link #restart()}.
	 */
	void kill();

	/**
	 * Starts the server again on the same port and files and waits until it answers; a running server is first
	 * stopped gracefully.
	 * @throws IllegalStateException after {@link #stop()}, or if the server does not answer in time
	 */
	void restart();

	/**
	 * Runs one administrative command on a connection of its own.
	 * @param command the command and its arguments
	 * @return the reply: a {@link String}, {@link Long}, {@link java.util.List} or {@code null}
	 * @throws IllegalStateException naming the command and the server when it fails or the server replies with an
	 * error
	 */
	Object command(String... command);

}
