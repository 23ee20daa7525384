package io.limiter.testsupport;

import java.time.Duration;
import java.util.List;

/**
 * The entry point for tests and benchmarks: JVM-wide shared Redis servers, and private ones for tests that kill or
 * restart servers.
 * <p>
 * The shared instances start on first use and are stopped by a JVM shutdown hook; calling their {@code stop()} or
 * {@code close()} throws. They run on local {@code redis-server} processes when {@code redis-server} is on the
 * {@code PATH}, otherwise in Docker containers ({@code redis:7}) when Testcontainers is on the classpath and a Docker
 * engine is available; with neither they throw {@link IllegalStateException}. Call {@code flushAll()} before a test
 * class that needs an empty database.
 */
public final class RedisFixtures {

	private static RedisStandalone sharedStandalone;

	private static RedisCluster sharedCluster;

	private RedisFixtures() {
	}

	/**
	 * Returns the shared standalone server, starting it on first use.
	 * @return the shared server, also used by every other test of this JVM
	 * @throws IllegalStateException if neither {@code redis-server} nor Docker is available, or the server does not
	 * start; a later call tries again
	 */
	public static synchronized RedisStandalone standalone() {
		if (sharedStandalone == null) {
			RedisStandalone server = useLocalProcesses() ? RedisServerProcess.start() : DockerRedis.standalone();
			ShutdownCleanup.register(server);
			sharedStandalone = new SharedStandalone(server);
		}
		return sharedStandalone;
	}

	/**
	 * Returns the shared three-master, three-replica cluster, starting it on first use with the
	 * {@linkplain LocalRedisCluster#DEFAULT_NODE_TIMEOUT default node timeout}.
	 * @return the shared cluster, also used by every other test of this JVM
	 * @throws IllegalStateException if neither {@code redis-server} nor Docker is available, or the cluster does not
	 * become ready; a later call tries again
	 */
	public static synchronized RedisCluster cluster() {
		if (sharedCluster == null) {
			RedisCluster cluster = useLocalProcesses() ? LocalRedisCluster.start()
					: DockerRedis.cluster(LocalRedisCluster.DEFAULT_NODE_TIMEOUT);
			ShutdownCleanup.register(cluster);
			sharedCluster = new SharedCluster(cluster);
		}
		return sharedCluster;
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
			return DockerRedis.isDockerAvailable();
		}
		catch (LinkageError ex) {
			return false;
		}
	}

	private static UnsupportedOperationException sharedStop(Object shared) {
		return new UnsupportedOperationException(shared + " is shared by the whole JVM and stops at its exit; "
				+ "start a private one with RedisFixtures.startStandalone() or startCluster() to stop it");
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
