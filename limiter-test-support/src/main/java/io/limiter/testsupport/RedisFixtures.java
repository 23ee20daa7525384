package io.limiter.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The entry point for tests and benchmarks: JVM-wide shared Redis servers, and private ones for tests that kill or
 * restart servers.
 * <p>
 * The shared instances start on first use and are stopped by a JVM shutdown hook; calling their {@code stop()} or
 * {@code close()} throws. {@link #standalone()} and {@link #cluster()} run on local {@code redis-server} processes
 * when {@code redis-server} is on the {@code PATH}, otherwise in Docker containers; {@link #standaloneInDocker()} and
 * {@link #clusterInDocker()} always run in Docker containers (see {@link RedisServerContainer}). Call
 * {@code flushAll()} before a test class that needs an empty database.
 */
public final class RedisFixtures {

	/**
	 * The system property that points the contract tests at a server of one's own, such as
	 * {@code -Dlimiter.test.redis.url=rediss://:password@my-cache.example.com:6379}: {@value}.
	 */
	public static final String EXTERNAL_URL_PROPERTY = "limiter.test.redis.url";

	private static final Shared<RedisStandalone> standaloneProcess = new Shared<>(SharedStandalone::new);

	private static final Shared<RedisStandalone> standaloneContainer = new Shared<>(SharedStandalone::new);

	private static final Shared<RedisCluster> clusterOfProcesses = new Shared<>(SharedCluster::new);

	private static final Shared<RedisCluster> clusterOfContainers = new Shared<>(SharedCluster::new);

	private RedisFixtures() {
	}

	/**
	 * Returns the shared standalone server, starting it on first use: a process, or {@link #standaloneInDocker()}
	 * where there is no {@code redis-server}.
	 * @return the shared server, also used by every other test of this JVM
	 * @throws IllegalStateException if neither {@code redis-server} nor Docker is available, or the server does not
	 * start; a later call tries again
	 */
	public static RedisStandalone standalone() {
		return useLocalProcesses() ? standaloneProcess.get(() -> RedisServerProcess.start()) : standaloneInDocker();
	}

	/**
	 * Returns the standalone server that the contract tests run on: the one that the system property
	 * {@value #EXTERNAL_URL_PROPERTY} names when it is set (a server of the user's, which is never flushed or stopped
	 * from here: the tests keep their keys in a namespace of their own and delete only those), else
	 * {@link #standalone()}.
	 * @return the server
	 * @throws IllegalArgumentException naming the property and its value when it is not a Redis URL
	 */
	public static RedisStandalone contractStandalone() {
		String url = System.getProperty(EXTERNAL_URL_PROPERTY, "");
		return url.isBlank() ? standalone() : ExternalRedis.of(EXTERNAL_URL_PROPERTY, url);
	}

	/**
	 * Returns the shared three-master, three-replica cluster, starting it on first use with the
	 * {@linkplain PrivateRedisCluster#DEFAULT_NODE_TIMEOUT default node timeout}: processes, or
	 * {@link #clusterInDocker()} where there is no {@code redis-server}.
	 * @return the shared cluster, also used by every other test of this JVM
	 * @throws IllegalStateException if neither {@code redis-server} nor Docker is available, or the cluster does not
	 * become ready; a later call tries again
	 */
	public static RedisCluster cluster() {
		return useLocalProcesses() ? clusterOfProcesses.get(LocalRedisCluster::start) : clusterInDocker();
	}

	/**
	 * Returns the shared standalone server in a Docker container, starting it on first use.
	 * @return the shared server, also used by every other test of this JVM
	 * @throws IllegalStateException if no Docker engine answers or it has no image
	 * {@value RedisServerContainer#IMAGE}, or the server does not start; a later call tries again
	 */
	public static RedisStandalone standaloneInDocker() {
		return standaloneContainer.get(() -> {
			RedisServerContainer server = new RedisServerContainer();
			server.start();
			return server;
		});
	}

	/**
	 * Returns the shared three-master, three-replica cluster in Docker containers, starting it on first use with the
	 * {@linkplain PrivateRedisCluster#DEFAULT_NODE_TIMEOUT default node timeout}.
	 * @return the shared cluster, also used by every other test of this JVM
	 * @throws IllegalStateException if no Docker engine answers or it has no image
	 * {@value RedisServerContainer#IMAGE}, or the cluster does not become ready; a later call tries again
	 */
	public static RedisCluster clusterInDocker() {
		return clusterOfContainers.get(DockerRedisCluster::start);
	}

	/**
	 * Starts a private standalone server for a test that kills or restarts it; the caller stops it.
	 * @param extraArguments arguments appended to the server's defaults
	 * @return the running server
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH} (Docker cannot stand in here)
	 * @see RedisServerProcess#start(String...)
	 */
	public static RedisServerProcess startStandalone(String... extraArguments) {
		return RedisServerProcess.start(extraArguments);
	}

	/**
	 * Starts a private cluster with the default node timeout; the caller stops it.
	 * @return the running cluster
	 * @throws IllegalStateException if {@code redis-server} or {@code redis-cli} is not on the {@code PATH}
	 * @see LocalRedisCluster#start()
	 */
	public static LocalRedisCluster startCluster() {
		return LocalRedisCluster.start();
	}

	/**
	 * Starts a private cluster for a test that kills or restarts nodes; the caller stops it.
	 * @param nodeTimeout the {@code cluster-node-timeout}; a short one makes failover fast
	 * @return the running cluster
	 * @throws IllegalStateException if {@code redis-server} or {@code redis-cli} is not on the {@code PATH}
	 * @see LocalRedisCluster#start(Duration)
	 */
	public static LocalRedisCluster startCluster(Duration nodeTimeout) {
		return LocalRedisCluster.start(nodeTimeout);
	}

	/**
	 * Starts a private cluster in Docker containers for a test that kills or restarts nodes; the caller stops it.
	 * @param nodeTimeout the {@code cluster-node-timeout}; a short one makes failover fast
	 * @return the running cluster
	 * @throws IllegalStateException if no Docker engine answers or it has no image
	 * {@value RedisServerContainer#IMAGE}
	 * @see DockerRedisCluster#start(Duration)
	 */
	public static DockerRedisCluster startClusterInDocker(Duration nodeTimeout) {
		return DockerRedisCluster.start(nodeTimeout);
	}

	/**
	 * Starts a private Sentinel setup (a master, a replica, three Sentinels); the caller stops it.
	 * @param downAfter the Sentinels' {@code down-after-milliseconds}; a short one makes failover fast
	 * @return the running setup, its Sentinels agreed on the master
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH}
	 * @see LocalRedisSentinel#start(Duration)
	 */
	public static LocalRedisSentinel startSentinel(Duration downAfter) {
		return LocalRedisSentinel.start(downAfter);
	}

	private static boolean useLocalProcesses() {
		if (Executables.find(Executables.REDIS_SERVER).isPresent()) {
			return true;
		}
		if (dockerAvailable()) {
			return false;
		}
		throw new IllegalStateException("Neither redis-server is on the PATH nor a Docker engine is available "
				+ "(through Testcontainers): install Redis, e.g. apt-get install redis-server, or start Docker");
	}

	private static boolean dockerAvailable() {
		try {
			return DockerEngine.isAvailable();
		}
		catch (LinkageError ex) {
			return false;
		}
	}

	private static UnsupportedOperationException sharedStop(Object shared) {
		return new UnsupportedOperationException(shared + " is shared by the whole JVM and stops at its exit; "
				+ "start a private one with RedisFixtures.startStandalone() or startCluster() to stop it");
	}

	/**
	 * One shared instance, started on first use and seen through a view whose {@code stop()} throws.
	 */
	private static final class Shared<T extends AutoCloseable> {

		private final UnaryOperator<T> sharedView;

		private T instance;

		Shared(UnaryOperator<T> sharedView) {
			this.sharedView = sharedView;
		}

		synchronized T get(Supplier<? extends T> starter) {
			if (this.instance == null) {
				T started = starter.get();
				ShutdownCleanup.register(started);
				this.instance = this.sharedView.apply(started);
			}
			return this.instance;
		}

	}

	private static final class SharedStandalone implements RedisStandalone {

		private final RedisStandalone server;

		SharedStandalone(RedisStandalone server) {
			this.server = server;
		}

		@Override
		public String host() {
			return this.server.host();
		}

		@Override
		public int port() {
			return this.server.port();
		}

		@Override
		public String uri() {
			return this.server.uri();
		}

		@Override
		public void flushAll() {
			this.server.flushAll();
		}

		@Override
		public void stop() {
			throw sharedStop(this.server);
		}

		@Override
		public void close() {
			stop();
		}

		@Override
		public String toString() {
			return "shared " + this.server;
		}

	}

	private static final class SharedCluster implements RedisCluster {

		private final RedisCluster cluster;

		SharedCluster(RedisCluster cluster) {
			this.cluster = cluster;
		}

		@Override
		public String seedNodes() {
			return this.cluster.seedNodes();
		}

		@Override
		public List<String> nodeUris() {
			return this.cluster.nodeUris();
		}

		@Override
		public void flushAll() {
			this.cluster.flushAll();
		}

		@Override
		public void stop() {
			throw sharedStop(this.cluster);
		}

		@Override
		public void close() {
			stop();
		}

		@Override
		public String toString() {
			return "shared " + this.cluster;
		}

	}

}
