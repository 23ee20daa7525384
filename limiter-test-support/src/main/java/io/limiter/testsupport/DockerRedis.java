package io.limiter.testsupport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The fallback for machines without {@code redis-server} but with a Docker engine: Redis in containers of the
 * {@value #IMAGE} image, started with Testcontainers. This is the only class that touches Testcontainers, an
 * optional dependency.
 * <p>
 * The cluster runs as six {@code redis-server} processes in one container whose ports are published one to one and
 * announced as {@code 127.0.0.1}, so the addresses the cluster hands to clients are the ones this host reaches.
 */
final class DockerRedis {

	static final String IMAGE = "redis:7";

	private static final int REDIS_PORT = 6379;

	private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

	private DockerRedis() {
	}

	static boolean isDockerAvailable() {
		try {
			return DockerClientFactory.instance().isDockerAvailable();
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	static RedisStandalone standalone() {
		RedisContainer container = new RedisContainer();
		container.withExposedPorts(REDIS_PORT)
			.withCommand("redis-server", "--save", "", "--appendonly", "no")
			.waitingFor(Wait.forLogMessage(".*Ready to accept connections.*\\n", 1))
			.withStartupTimeout(START_TIMEOUT);
		container.start();
		return new Standalone(container, container.getHost(), container.getMappedPort(REDIS_PORT));
	}

	static RedisCluster cluster(Duration nodeTimeout) {
		List<Integer> ports = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			ports.add(FreePorts.find(true));
		}
		RedisContainer container = new RedisContainer();
		ports.forEach(container::publish);
		container.withCommand("sh", "-c", clusterScript(ports, nodeTimeout))
			.waitingFor(Wait.forLogMessage(".*All 16384 slots covered.*\\n", 1))
			.withStartupTimeout(START_TIMEOUT);
		container.start();
		Cluster cluster = new Cluster(container, ports);
		try {
			ClusterHealth.await(cluster.clients(), 3, 3, LocalRedisCluster.READY_TIMEOUT);
		}
		catch (RuntimeException ex) {
			cluster.stop();
			throw ex;
		}
		return cluster;
	}

	private static String clusterScript(List<Integer> ports, Duration nodeTimeout) {
		String portList = ports.stream().map(String::valueOf).collect(Collectors.joining(" "));
		String addresses = ports.stream().map((port) -> "127.0.0.1:" + port).collect(Collectors.joining(" "));
		return "for p in " + portList + "; do mkdir -p /data/$p; redis-server --port $p --bind 0.0.0.0"
				+ " --protected-mode no --save '' --appendonly no --dir /data/$p --cluster-enabled yes"
				+ " --cluster-config-file nodes.conf --cluster-node-timeout " + nodeTimeout.toMillis()
				+ " --cluster-announce-ip 127.0.0.1 & done; "
				+ "for p in " + portList + "; do until redis-cli -p $p ping >/dev/null 2>&1; do sleep 0.1; done; done; "
				+ "redis-cli --cluster create " + addresses + " --cluster-replicas 1 --cluster-yes; wait";
	}

	/**
	 * A container of the Redis image that can publish ports one to one.
	 */
	private static final class RedisContainer extends GenericContainer<RedisContainer> {

		RedisContainer() {
			super(DockerImageName.parse(IMAGE));
		}

		void publish(int port) {
			addFixedExposedPort(port, port);
		}

	}

	/** A server or cluster in a container of its own, which stopping or closing stops. */
	private abstract static class InContainer implements AutoCloseable {

		private final RedisContainer container;

		InContainer(RedisContainer container) {
			this.container = container;
		}

		public void stop() {
			this.container.stop();
		}

		@Override
		public void close() {
			stop();
		}

	}

	private static final class Standalone extends InContainer implements RedisStandalone {

		private final String host;

		private final int port;

		Standalone(RedisContainer container, String host, int port) {
			super(container);
			this.host = host;
			this.port = port;
		}

		@Override
		public String host() {
			return this.host;
		}

		@Override
		public int port() {
			return this.port;
		}

		@Override
		public String uri() {
			return "redis://" + this.host + ":" + this.port;
		}

		@Override
		public void flushAll() {
			DockerRedis.flushAll(new RespClient(this.host, this.port, null));
		}

		@Override
		public String toString() {
			return "redis-server in container " + IMAGE + " at " + this.host + ":" + this.port;
		}

	}

	private static final class Cluster extends InContainer implements RedisCluster {

		private final List<Integer> ports;

		Cluster(RedisContainer container, List<Integer> ports) {
			super(container);
			this.ports = List.copyOf(ports);
		}

		@Override
		public String seedNodes() {
			return this.ports.stream()
				.map((port) -> RedisServerProcess.HOST + ":" + port)
				.collect(Collectors.joining(","));
		}

		@Override
		public List<String> nodeUris() {
			return this.ports.stream().map((port) -> "redis://" + RedisServerProcess.HOST + ":" + port).toList();
		}

		@Override
		public void flushAll() {
			for (RespClient node : clients()) {
				try {
					if ("master".equals(RespClient.field(node.text("INFO", "replication"), "role"))) {
						DockerRedis.flushAll(node);
					}
				}
				catch (IOException ex) {
					throw new IllegalStateException("Cannot ask " + node + " for its role", ex);
				}
			}
		}

		@Override
		public String toString() {
			return "Redis Cluster in container " + IMAGE + " at " + seedNodes();
		}

		List<RespClient> clients() {
			return this.ports.stream().map((port) -> new RespClient(RedisServerProcess.HOST, port, null)).toList();
		}

	}

	private static void flushAll(RespClient node) {
		try {
			node.call("FLUSHALL");
		}
		catch (IOException ex) {
			throw new IllegalStateException("FLUSHALL failed on " + node, ex);
		}
	}

}
