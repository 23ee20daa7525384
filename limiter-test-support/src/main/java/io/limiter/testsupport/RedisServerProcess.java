package io.limiter.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One real {@code redis-server} process from the {@code PATH}, listening on a free port of {@code 127.0.0.1}, with
 * its own temporary directory that holds its files and its output ({@value #LOG_FILE}).
 * <p>
 * The server keeps no data on disk ({@code --save "" --appendonly no}). It can be {@linkplain #kill() killed} and
 * {@linkplain #restart() restarted} on the same port and directory, which is what failover tests need; after
 * {@link #stop()} it is gone for good. A process still running when the JVM exits is stopped by a shutdown hook.
 * <p>
 * Its size is one process's whole life (a free port, start, the faults tests inject, stop, its files), kept in one
 * place so that every fixture starts and stops servers alike.
 */
public final class RedisServerProcess implements RedisNode {

	/** The address every local server binds to. */
	static final String HOST = "127.0.0.1";

	static final String LOG_FILE = "redis.log";

	private static final String SENTINEL_CONFIG_FILE = "sentinel.conf";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration STOP_GRACE = Duration.ofSeconds(5);

	private static final int MAX_PORT_ATTEMPTS = 5;

	private final Path executable = Executables.require(Executables.REDIS_SERVER);

	private final Path directory;

	private final List<String> extraArguments;

	private final boolean clusterEnabled;

	private final String password;

	private final Certificates tls;

	/** The lines of a sentinel's configuration file, or {@code null} for a data server. */
	private final List<String> sentinelConfig;

	private int port;

	private Process process;

	private boolean stopped;

	private RedisServerProcess(List<String> sentinelConfig, List<String> extraArguments, Certificates tls) {
		this.sentinelConfig = (sentinelConfig != null) ? List.copyOf(sentinelConfig) : null;
		this.extraArguments = List.copyOf(extraArguments);
		this.tls = tls;
		this.clusterEnabled = "yes".equalsIgnoreCase(valueOf(this.extraArguments, "--cluster-enabled"));
		this.password = valueOf(this.extraArguments, "--requirepass");
		try {
			this.directory = Files.createTempDirectory("limiter-redis-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a directory for redis-server", ex);
		}
	}

	/**
	 * Starts a server and waits until it answers {@code PING}.
	 * @param extraArguments arguments appended to the defaults, e.g. {@code "--requirepass", "secret"}; with
	 * {@code "--cluster-enabled", "yes"} the cluster bus port ({@code port + 10000}) is chosen free too
	 * @return the running server
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH} or does not answer within 10
	 * seconds (the message ends with the tail of its output)
	 */
	public static RedisServerProcess start(String... extraArguments) {
		return start(Arrays.asList(extraArguments));
	}

	/**
	 * Starts a server and waits until it answers {@code PING}.
	 * @param extraArguments arguments appended to the defaults
	 * @return the running server
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH} or does not answer within 10
	 * seconds
	 * @see #start(String...)
	 */
	public static RedisServerProcess start(List<String> extraArguments) {
		return start(extraArguments, null);
	}

	/**
	 * Starts a server that speaks only TLS ({@code --port 0}, its {@linkplain #port() port} a TLS port) with
	 * certificates signed by a private CA, and waits until it answers {@code PING} over TLS.
	 * @param certificates the server's certificate, key and CA
	 * @param extraArguments arguments appended to the defaults
	 * @return the running server, whose {@link #uri()} is a {@code rediss://} URL
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH}, was built without TLS, or
	 * does not answer within 10 seconds
	 */
	public static RedisServerProcess startTls(Certificates certificates, String... extraArguments) {
		return start(Arrays.asList(extraArguments), certificates);
	}

	static RedisServerProcess start(List<String> extraArguments, Certificates tls) {
		return start(new RedisServerProcess(null, extraArguments, tls));
	}

	/**
	 * Starts a Sentinel ({@code redis-server sentinel.conf --sentinel}) and waits until it answers {@code PING}. It
	 * rewrites its configuration file as it learns its peers and failovers, and keeps it across
	 * {@link #restart()}.
	 * @param config the lines of its configuration file, such as {@code sentinel monitor ...}
	 * @param extraArguments arguments appended to the defaults, e.g. {@code "--requirepass", "secret"}
	 * @return the running Sentinel
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH} or does not answer within 10
	 * seconds
	 */
	static RedisServerProcess startSentinel(List<String> config, String... extraArguments) {
		return startSentinel(config, null, extraArguments);
	}

	/**
	 * Starts a Sentinel as {@link #startSentinel(List, String...)} does, speaking only TLS when given certificates.
	 * @param config the lines of its configuration file
	 * @param tls the certificates of a Sentinel that speaks only TLS, or {@code null}
	 * @param extraArguments arguments appended to the defaults
	 * @return the running Sentinel
	 */
	static RedisServerProcess startSentinel(List<String> config, Certificates tls, String... extraArguments) {
		return start(new RedisServerProcess(config, Arrays.asList(extraArguments), tls));
	}

	private static RedisServerProcess start(RedisServerProcess server) {
		try {
			server.launchOnFreePort();
		}
		catch (RuntimeException ex) {
			server.stop();
			throw ex;
		}
		return server;
	}

	@Override
	public String host() {
		return HOST;
	}

	@Override
	public synchronized int port() {
		return this.port;
	}

	@Override
	public String uri() {
		return ((this.tls != null) ? "rediss://" : "redis://") + HOST + ":" + port();
	}

	/**
	 * Runs one administrative command on a connection of its own (over TLS for a TLS server), for example an
	 * {@code ACL SETUSER} a test needs before its client connects.
	 * @param command the command and its arguments
	 * @return the reply: a {@link String}, {@link Long}, {@link List} or {@code null}
	 * @throws IllegalStateException naming the command and the server when it fails or the server replies with an
	 * error
	 */
	@Override
	public Object command(String... command) {
		return admin().command(this, command);
	}

	/**
	 * Returns the directory of the server's files and of its output, {@value #LOG_FILE}.
	 * @return the directory, deleted by {@link #stop()}
	 */
	public Path directory() {
		return this.directory;
	}

	/** {@return the operating-system id of the current, or last, process} */
	public synchronized long pid() {
		return this.process.pid();
	}

	/**
	 * Returns whether the process is running.
	 * @return {@code true} while the process is alive
	 */
	@Override
	public synchronized boolean isAlive() {
		return this.process != null && this.process.isAlive();
	}

	/**
	 * Kills the process at once with {@code SIGKILL}, as a crash would, and waits until it is gone; the port and
	 * directory are kept for {@link #restart()}.
	 */
	@Override
	public synchronized void kill() {
		if (this.process != null) {
			this.process.destroyForcibly();
			awaitExit(this.process);
		}
	}

	/**
	 * Starts the server again on the same port and directory and waits until it answers; a running process is
	 * first terminated gracefully. A cluster node comes back with its {@code nodes.conf} and rejoins its cluster.
	 * @throws IllegalStateException after {@link #stop()}, or if the server does not answer within 10 seconds
	 */
	@Override
	public synchronized void restart() {
		if (this.stopped) {
			throw new IllegalStateException("redis-server on port " + this.port + " was stopped and cannot restart");
		}
		terminate();
		launch();
		if (!awaitAnswer()) {
			throw startFailure(startProblem());
		}
	}

	/**
	 * Stops the process ({@code SIGTERM}, then {@code SIGKILL} after 5 seconds), waits until it is gone and
	 * deletes its directory.
	 */
	@Override
	public synchronized void stop() {
		if (this.stopped) {
			return;
		}
		this.stopped = true;
		terminate();
		deleteDirectory();
		ShutdownCleanup.unregister(this);
	}

	@Override
	public void close() {
		stop();
	}

	/**
	 * Deletes every key of every database ({@code FLUSHALL}).
	 * @throws IllegalStateException if the server does not answer
	 */
	@Override
	public void flushAll() {
		command("FLUSHALL");
	}

	@Override
	public String toString() {
		String kind = (this.sentinelConfig != null) ? "redis-sentinel " : "redis-server ";
		return kind + ((this.tls != null) ? "(TLS) " : "") + HOST + ":" + port();
	}

	RespClient admin() {
		return new RespClient(HOST, port(), this.password,
				(this.tls != null) ? this.tls.trustingSocketFactory() : null);
	}

	/**
	 * Requests a graceful stop without waiting, so that several servers can shut down together.
	 */
	synchronized void signalStop() {
		if (this.process != null) {
			this.process.destroy();
		}
	}

	String logTail() {
		Path log = this.directory.resolve(LOG_FILE);
		try {
			List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
		}
		catch (IOException ex) {
			return "(no output: " + ex.getMessage() + ")";
		}
	}

	private synchronized void launchOnFreePort() {
		ShutdownCleanup.register(this);
		for (int attempt = 1;; attempt++) {
			this.port = FreePorts.find(this.clusterEnabled);
			launch();
			if (awaitAnswer()) {
				return;
			}
			boolean portTaken = !this.process.isAlive() && logTail().contains("in use");
			if (!portTaken || attempt == MAX_PORT_ATTEMPTS) {
				throw startFailure(startProblem());
			}
			cleanDirectory();
		}
	}

	private void launch() {
		List<String> command = new ArrayList<>(List.of(this.executable.toString()));
		if (this.sentinelConfig != null) {
			command.addAll(List.of(writeSentinelConfig().toString(), "--sentinel"));
		}
		command.addAll(baseArguments((this.tls != null) ? 0 : this.port, this.directory.toString()));
		if (this.tls != null) {
			command.addAll(List.of(this.tls.serverArguments(this.port)));
		}
		command.addAll(this.extraArguments);
		try {
			this.process = new ProcessBuilder(command).directory(this.directory.toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve(LOG_FILE).toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot run " + command, ex);
		}
	}

	/**
	 * Writes the sentinel's configuration file unless it exists already, rewritten by the sentinel itself.
	 */
	private Path writeSentinelConfig() {
		Path file = this.directory.resolve(SENTINEL_CONFIG_FILE);
		try {
			if (!Files.exists(file)) {
				Files.write(file, this.sentinelConfig, StandardCharsets.UTF_8);
			}
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + file, ex);
		}
	}

	private boolean awaitAnswer() {
		RespClient client = admin();
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (client.answers()) {
				return true;
			}
			if (!this.process.isAlive()) {
				return false;
			}
			Sleep.briefly();
		}
		return false;
	}

	private void terminate() {
		if (this.process == null || !this.process.isAlive()) {
			return;
		}
		this.process.destroy();
		try {
			if (!this.process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
		awaitExit(this.process);
	}

	private static void awaitExit(Process process) {
		boolean interrupted = false;
		while (true) {
			try {
				process.waitFor();
				break;
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

	private String startProblem() {
		return this.process.isAlive() ? "did not answer PING within " + START_TIMEOUT.toSeconds() + " s"
				: "exited with code " + this.process.exitValue();
	}

	private IllegalStateException startFailure(String what) {
		if (this.process.isAlive()) {
			this.process.destroyForcibly();
			awaitExit(this.process);
		}
		return new IllegalStateException(
				"redis-server on port " + this.port + " " + what + "; last lines of its output:\n" + logTail());
	}

	private void cleanDirectory() {
		try (Stream<Path> files = Files.list(this.directory)) {
			for (Path file : (Iterable<Path>) files::iterator) {
				if (!file.getFileName().toString().equals(LOG_FILE)) {
					Files.deleteIfExists(file);
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot clean " + this.directory, ex);
		}
	}

	private void deleteDirectory() {
		try (Stream<Path> files = Files.walk(this.directory)) {
			for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException ex) {
			System.err.println("Could not delete " + this.directory + ": " + ex);
		}
	}

	/**
	 * Returns the arguments every data server of the fixtures starts with: no data on disk, in the foreground, on
	 * {@value #HOST}.
	 */
	static List<String> baseArguments(int port, String directory) {
		return List.of("--save", "", "--appendonly", "no", "--bind", HOST, "--port", Integer.toString(port), "--dir",
				directory, "--daemonize", "no");
	}

	/**
	 * Returns the value that follows an option among a server's arguments, or {@code null}.
	 */
	static String valueOf(List<String> arguments, String option) {
		int index = arguments.indexOf(option);
		return (index >= 0 && index + 1 < arguments.size()) ? arguments.get(index + 1) : null;
	}

}
