package io.limiter.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A Redis Cluster of three masters and three replicas: six {@link RedisServerProcess} nodes on free ports of
 * {@code 127.0.0.1}, joined with {@code redis-cli --cluster create}.
 * <p>
 * Nodes can be {@linkplain RedisServerProcess#kill() killed} and {@linkplain RedisServerProcess#restart()
 * restarted} for failover tests; {@link #masters()} and {@link #replicas()} ask the nodes for their current roles,
 * and {@link #awaitReady()} waits until the cluster has settled again.
 * <p>
 * A cluster {@linkplain #startTls(Certificates) started with certificates} speaks only TLS: to clients, between
 * masters and replicas, and on the cluster bus.
 * <p>
 * Its size is the waits that make a cluster ready again after a fault, which the cluster reports node by node.
 */
public final class LocalRedisCluster implements RedisCluster {

	/** The default {@code cluster-node-timeout}: how long a node may be unreachable before it is failed over. */
	public static final Duration DEFAULT_NODE_TIMEOUT = Duration.ofMillis(2000);

	/** How long {@link #start} and {@link #awaitReady()} wait for the cluster to be ready. */
	public static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final int NODE_COUNT = 6;

	private static final int MASTER_COUNT = 3;

	private final List<RedisServerProcess> nodes;

	private final Certificates tls;

	private LocalRedisCluster(List<RedisServerProcess> nodes, Certificates tls) {
		this.nodes = List.copyOf(nodes);
		this.tls = tls;
	}

	/**
	 * Starts a cluster with the {@linkplain #DEFAULT_NODE_TIMEOUT default node timeout} and waits until it is ready.
	 * @return the running cluster
	 * @throws IllegalStateException if {@code redis-server} or {@code redis-cli} is not on the {@code PATH}, or the
	 * cluster is not ready within {@link #READY_TIMEOUT}
	 */
	public static LocalRedisCluster start() {
		return start(DEFAULT_NODE_TIMEOUT);
	}

	/**
	 * Starts a cluster and waits until it is ready.
	 * @param nodeTimeout the {@code cluster-node-timeout}; a short one makes failover tests fast
	 * @return the running cluster
	 * @throws IllegalStateException if {@code redis-server} or {@code redis-cli} is not on the {@code PATH}, or the
	 * cluster is not ready within {@link #READY_TIMEOUT}
	 */
	public static LocalRedisCluster start(Duration nodeTimeout) {
		return start(nodeTimeout, null);
	}

	/**
	 * Starts a cluster that speaks only TLS, with the {@linkplain #DEFAULT_NODE_TIMEOUT default node timeout}: every
	 * node listens on a TLS port only ({@code --port 0}), with {@code --tls-cluster yes} and
	 * {@code --tls-replication yes}, and {@link #nodeUris()} are {@code rediss://} URLs. Clients must trust
	 * {@link Certificates#ca()}.
	 * @param certificates the servers' certificate, key and CA
	 * @return the running cluster
	 * @throws IllegalStateException if {@code redis-server} or {@code redis-cli} is not on the {@code PATH} or was
	 * built without TLS, or the cluster is not ready within {@link #READY_TIMEOUT}
	 */
	public static LocalRedisCluster startTls(Certificates certificates) {
		return start(DEFAULT_NODE_TIMEOUT, Objects.requireNonNull(certificates, "certificates must not be null"));
	}

	private static LocalRedisCluster start(Duration nodeTimeout, Certificates tls) {
		Path cli = Executables.require(Executables.REDIS_CLI);
		List<String> arguments = new ArrayList<>(List.of("--cluster-enabled", "yes", "--cluster-config-file",
				"nodes.conf", "--cluster-node-timeout", Long.toString(nodeTimeout.toMillis()),
				"--repl-diskless-sync-delay", "0"));
		if (tls != null) {
			arguments.addAll(List.of("--tls-cluster", "yes", "--tls-replication", "yes"));
		}
		List<RedisServerProcess> nodes = new ArrayList<>();
		try {
			for (int i = 0; i < NODE_COUNT; i++) {
				nodes.add(RedisServerProcess.start(arguments, tls));
			}
			LocalRedisCluster cluster = new LocalRedisCluster(nodes, tls);
			cluster.create(cli);
			ClusterHealth.await(clients(nodes), MASTER_COUNT, NODE_COUNT - MASTER_COUNT, READY_TIMEOUT);
			return cluster;
		}
		catch (RuntimeException ex) {
			stopAll(nodes);
			throw ex;
		}
	}

	@Override
	public String seedNodes() {
		return this.nodes.stream().map((node) -> node.host() + ":" + node.port()).collect(Collectors.joining(","));
	}

	@Override
	public List<String> nodeUris() {
		return this.nodes.stream().map(RedisServerProcess::uri).toList();
	}

	/** {@return all six nodes, alive or not, in a fixed order} */
	public List<RedisServerProcess> nodes() {
		return this.nodes;
	}

	/**
	 * Returns the live nodes that report {@code role:master} now.
	 * @return the current masters
	 */
	public List<RedisServerProcess> masters() {
		return withRole("master");
	}

	/**
	 * Returns the live nodes that report {@code role:slave} now.
	 * @return the current replicas
	 */
	public List<RedisServerProcess> replicas() {
		return withRole("slave");
	}

	/**
	 * Returns the node listening on a port.
	 * @param port the port of the node
	 * @return the node
	 * @throws IllegalArgumentException if no node of this cluster has that port
	 */
	public RedisServerProcess node(int port) {
		return this.nodes.stream()
			.filter((node) -> node.port() == port)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No node on port " + port + " in " + seedNodes()));
	}

	/**
	 * Waits up to {@link #READY_TIMEOUT} until the live nodes form a ready cluster again: all report
	 * {@code cluster_state:ok}, every live replica is linked to its master, and all agree on a layout that covers the
	 * 16384 slots and names only live nodes. After a node is killed this waits until the others have marked it
	 * failed (and, for a master, until its replica has taken over); after a node restarts, until it has rejoined.
	 * @throws IllegalStateException naming the last problem seen if the cluster is not ready in time
	 */
	public void awaitReady() {
		awaitReady(READY_TIMEOUT);
	}

	/**
	 * Waits until the live nodes form a ready cluster again.
	 * @param timeout how long to wait
	 * @throws IllegalStateException naming the last problem seen if the cluster is not ready in time
	 * @see #awaitReady()
	 */
	public void awaitReady(Duration timeout) {
		List<RedisServerProcess> live = this.nodes.stream().filter(RedisServerProcess::isAlive).toList();
		ClusterHealth.await(clients(live), -1, -1, timeout);
	}

	@Override
	public void flushAll() {
		for (RedisServerProcess master : masters()) {
			master.flushAll();
		}
	}

	@Override
	public void stop() {
		stopAll(this.nodes);
	}

	@Override
	public void close() {
		stop();
	}

	@Override
	public String toString() {
		return "Redis Cluster " + ((this.tls != null) ? "(TLS) " : "") + seedNodes();
	}

	private void create(Path cli) {
		List<String> command = new ArrayList<>(List.of(cli.toString()));
		if (this.tls != null) {
			command.addAll(List.of("--tls", "--cacert", this.tls.ca().toString()));
		}
		command.addAll(List.of("--cluster", "create"));
		this.nodes.forEach((node) -> command.add(node.host() + ":" + node.port()));
		command.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
		Path log = this.nodes.get(0).directory().resolve("cluster-create.log");
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			if (!process.waitFor(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly();
				throw new IllegalStateException(
						"redis-cli --cluster create did not finish within " + READY_TIMEOUT.toSeconds() + " s:\n"
								+ Files.readString(log, StandardCharsets.UTF_8));
			}
			if (process.exitValue() != 0) {
				throw new IllegalStateException("redis-cli --cluster create failed with code " + process.exitValue()
						+ ":\n" + Files.readString(log, StandardCharsets.UTF_8));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot run " + command, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while creating " + this, ex);
		}
	}

	private List<RedisServerProcess> withRole(String role) {
		List<RedisServerProcess> matching = new ArrayList<>();
		for (RedisServerProcess node : this.nodes) {
			if (node.isAlive() && role.equals(roleOf(node))) {
				matching.add(node);
			}
		}
		return matching;
	}

	private static String roleOf(RedisServerProcess node) {
		try {
			return RespClient.field(node.admin().text("INFO", "replication"), "role");
		}
		catch (IOException ex) {
			return null;
		}
	}

	private static List<RespClient> clients(List<RedisServerProcess> nodes) {
		return nodes.stream().map(RedisServerProcess::admin).toList();
	}

	private static void stopAll(List<RedisServerProcess> nodes) {
		nodes.forEach(RedisServerProcess::signalStop);
		nodes.forEach(RedisServerProcess::stop);
	}

}
