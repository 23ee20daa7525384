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
public final class LocalRedisCluster extends NodeCluster<RedisServerProcess> {

	private final Certificates tls;

	private LocalRedisCluster(List<RedisServerProcess> nodes, Certificates tls) {
		super(nodes);
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
		List<String> arguments = new ArrayList<>(nodeArguments(nodeTimeout));
		if (tls != null) {
			arguments.addAll(List.of("--tls-cluster", "yes", "--tls-replication", "yes"));
		}
		List<RedisServerProcess> nodes = new ArrayList<>();
		try {
			for (int i = 0; i < NODE_COUNT; i++) {
				nodes.add(RedisServerProcess.start(arguments, tls));
			}
			LocalRedisCluster cluster = new LocalRedisCluster(nodes, tls);
			cluster.create((tls != null) ? List.of("--tls", "--cacert", tls.ca().toString()) : List.of(),
					(cliArguments) -> cluster.runRedisCli(cli, cliArguments));
			return cluster;
		}
		catch (RuntimeException ex) {
			stopAll(nodes);
			throw ex;
		}
	}

	@Override
	public void stop() {
		stopAll(nodes());
	}

	@Override
	public String toString() {
		return "Redis Cluster " + ((this.tls != null) ? "(TLS) " : "") + seedNodes();
	}

	@Override
	RespClient admin(RedisServerProcess node) {
		return node.admin();
	}

	private void runRedisCli(Path cli, List<String> arguments) {
		List<String> command = new ArrayList<>(List.of(cli.toString()));
		command.addAll(arguments);
		Path log = nodes().get(0).directory().resolve("cluster-create.log");
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

	private static void stopAll(List<RedisServerProcess> nodes) {
		nodes.forEach(RedisServerProcess::signalStop);
		nodes.forEach(RedisServerProcess::stop);
	}

}
