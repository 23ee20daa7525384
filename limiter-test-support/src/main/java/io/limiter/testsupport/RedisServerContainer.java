package io.limiter.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.github.dockerjava.api.DockerClient;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * One {@code redis-server} in a Docker container of the image {@value #IMAGE}, started with Testcontainers on the
 * host's network: it listens on a free port of {@code 127.0.0.1} chosen when it starts, so its traffic stays on
 * loopback and the addresses a Redis Cluster node announces are the ones this JVM reaches.
 * <p>
 * The image is made from this machine's own {@code redis-server} by {@code src/test-images/redis/build.sh} and is
 * never pulled: starting without it fails at once with a message that says so. Like a {@link RedisServerProcess},
 * the server keeps no data on disk, can be {@linkplain #kill() killed} and {@linkplain #restart() restarted} on the
 * same port and files, and is stopped by a JVM shutdown hook if it is still running then (Testcontainers' own
 * reaper, Ryuk, needs an image of its own and is not used).
 * <p>
 * A host-network container maps no port: {@link #getMappedPort(int)} answers Redis' conventional port
 * {@value #REDIS_PORT} with the port the server listens on, so that code written for port-mapped Redis containers,
 * such as Spring Boot's {@code @ServiceConnection}, finds it.
 */
public final class RedisServerContainer extends GenericContainer<RedisServerContainer> implements RedisNode {

	/** The image the server runs in, built by {@code src/test-images/redis/build.sh}. */
	public static final String IMAGE = "limiter/redis:local";

	/** Redis' conventional port, which {@link #getMappedPort(int)} maps to {@link #port()}. */
	public static final int REDIS_PORT = 6379;

	/** The label of every container the fixtures start, so that leftovers of a killed JVM can be found. */
	static final String LABEL = "io.limiter.test-support";

	private static final String DATA_DIRECTORY = "/data";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private static final int MAX_PORT_ATTEMPTS = 5;

	private final List<String> extraArguments;

	private final boolean clusterEnabled;

	private final String password;

	private int port;

	/**
	 * Creates a container of a server with the fixtures' defaults ({@code --save "" --appendonly no}); it starts with
	 * {@link #start()}.
	 * @param extraArguments arguments appended to the defaults, e.g. {@code "--requirepass", "secret"}
	 */
	public RedisServerContainer(String... extraArguments) {
		this(Arrays.asList(extraArguments));
	}

	/**
	 * Creates a container of a server with the fixtures' defaults; it starts with {@link #start()}.
	 * @param extraArguments arguments appended to the defaults
	 */
	public RedisServerContainer(List<String> extraArguments) {
		super(DockerImageName.parse(IMAGE));
		this.extraArguments = List.copyOf(extraArguments);
		this.clusterEnabled = "yes"
			.equalsIgnoreCase(RedisServerProcess.valueOf(this.extraArguments, "--cluster-enabled"));
		this.password = RedisServerProcess.valueOf(this.extraArguments, "--requirepass");
		withNetworkMode("host");
		withImagePullPolicy((image) -> false);
		withLabel(LABEL, "redis-server");
		withStartupCheckStrategy(new AnswersPing());
	}

	/**
	 * Starts the container on a free port, and on another one if that was taken in the meantime, and waits until
	 * the server answers {@code PING}.
	 * @throws IllegalStateException if no Docker engine answers or it has no image {@value #IMAGE}
	 * @throws RuntimeException (Testcontainers' {@code ContainerLaunchException}) if the server does not answer
	 * within 30 seconds; its cause ends with the tail of the server's output
	 */
	@Override
	public void start() {
		DockerEngine.requireImage(IMAGE);
		ShutdownCleanup.register(this);
		for (int attempt = 1;; attempt++) {
			this.port = FreePorts.find(this.clusterEnabled);
			List<String> command = new ArrayList<>(List.of("redis-server"));
			command.addAll(RedisServerProcess.baseArguments(this.port, DATA_DIRECTORY));
			command.addAll(this.extraArguments);
			setCommand(command.toArray(String[]::new));
			try {
				super.start();
				return;
			}
			catch (RuntimeException ex) {
				boolean portTaken = getContainerId() != null && logTail().contains("in use");
				super.stop();
				if (!portTaken || attempt == MAX_PORT_ATTEMPTS) {
					ShutdownCleanup.unregister(this);
					throw ex;
				}
			}
		}
	}

	@Override
	public String host() {
		return RedisServerProcess.HOST;
	}

	@Override
	public int port() {
		return this.port;
	}

	@Override
	public String uri() {
		return "redis://" + host() + ":" + port();
	}

	/**
	 * Returns {@code 127.0.0.1}, where the server listens.
	 * @return the host
	 */
	@Override
	public String getHost() {
		return host();
	}

	/**
	 * Returns the port the server listens on, as a port-mapped container would for the server's port.
	 * @param originalPort {@value #REDIS_PORT} or {@link #port()}
	 * @return {@link #port()}
	 * @throws IllegalArgumentException for any other port
	 */
	@Override
	public Integer getMappedPort(int originalPort) {
		if (originalPort != REDIS_PORT && originalPort != this.port) {
			throw new IllegalArgumentException("Port " + originalPort + " is not the Redis port of " + this
					+ ", which listens on the host's network; ask for " + REDIS_PORT);
		}
		return this.port;
	}

	@Override
	public boolean isAlive() {
		return getContainerId() != null && isRunning();
	}

	/**
	 * Kills the server with {@code SIGKILL} ({@code docker kill}) and waits until its container has stopped; the
	 * container and its files are kept for {@link #restart()}.
	 */
	@Override
	public void kill() {
		if (isAlive()) {
			getDockerClient().killContainerCmd(getContainerId()).exec();
			awaitStopped();
		}
	}

	/**
	 * Starts the container again ({@code docker start}) and waits until the server answers; a running server is
	 * first stopped gracefully ({@code docker stop}). A cluster node comes back with its {@code nodes.conf}.
	 * @throws IllegalStateException after {@link #stop()}, or if the server does not answer within 30 seconds
	 */
	@Override
	public void restart() {
		String id = getContainerId();
		if (id == null) {
			throw new IllegalStateException(this + " was stopped and cannot restart");
		}
		if (isRunning()) {
			getDockerClient().stopContainerCmd(id).exec();
			awaitStopped();
		}
		getDockerClient().startContainerCmd(id).exec();
		awaitAnswer();
	}

	@Override
	public Object command(String... command) {
		return admin().command(this, command);
	}

	@Override
	public void flushAll() {
		command("FLUSHALL");
	}

	/**
	 * Stops and removes the container; does nothing if it is not running.
	 */
	@Override
	public void stop() {
		super.stop();
		ShutdownCleanup.unregister(this);
	}

	@Override
	public void close() {
		stop();
	}

	@Override
	public String toString() {
		return "redis-server in container " + IMAGE + " at " + host() + ":" + this.port;
	}

	RespClient admin() {
		return new RespClient(host(), this.port, this.password);
	}

	@Override
	protected void waitUntilContainerStarted() {
		awaitAnswer();
	}

	private void awaitAnswer() {
		RespClient client = admin();
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!client.answers()) {
			if (!isRunning()) {
				throw new IllegalStateException(this + " exited; last lines of its output:\n" + logTail());
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(this + " did not answer PING within " + START_TIMEOUT.toSeconds()
						+ " s; last lines of its output:\n" + logTail());
			}
			Sleep.briefly();
		}
	}

	private void awaitStopped() {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (isRunning()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(this + " did not stop within " + START_TIMEOUT.toSeconds() + " s");
			}
			Sleep.briefly();
		}
	}

	private String logTail() {
		List<String> lines = getLogs().lines().toList();
		return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
	}

	/**
	 * Leaves the start-up check to {@link #waitUntilContainerStarted()}, which waits for {@code PING} and reports a
	 * server that exited with the end of its output. Testcontainers' default check, which runs first, would report
	 * a server that exits at once only as "did not start correctly", without its output.
	 */
	private static final class AnswersPing extends StartupCheckStrategy {

		@Override
		public StartupStatus checkStartupState(DockerClient dockerClient, String containerId) {
			return StartupStatus.SUCCESSFUL;
		}

	}

}
