package io.limiter.testsupport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.testcontainers.containers.Container.ExecResult;

/**
 * A Redis Cluster of three masters and three replicas in Docker: six {@link RedisServerContainer} nodes, each a
 * container of its own on the host's network with its own free port of {@code 127.0.0.1}, joined with the image's
 * {@code redis-cli --cluster create}. The twin of {@link LocalRedisCluster}: nodes can be
 * {@linkplain RedisServerContainer#kill() killed} and {@linkplain RedisServerContainer#restart() restarted} for
 * failover tests.
 */
public final class DockerRedisCluster extends NodeCluster<RedisServerContainer> {

	private DockerRedisCluster(List<RedisServerContainer> nodes) {
		super(nodes);
	}

	/**
	 * Starts a cluster with the {@linkplain #DEFAULT_NODE_TIMEOUT default node timeout} and waits until it is ready.
	 * @return the running cluster
	 * @throws IllegalStateException if no Docker engine answers or it has no image {@value RedisServerContainer#IMAGE},
	 * or the cluster is not ready within {@link #READY_TIMEOUT}
	 */
	public static DockerRedisCluster start() {
		return start(DEFAULT_NODE_TIMEOUT);
	}

	/**
	 * Starts a cluster and waits until it is ready.
	 * @param nodeTimeout the {@code cluster-node-timeout}; a short one makes failover tests fast
	 * @return the running cluster
	 * @throws IllegalStateException if no Docker engine answers or it has no image {@value RedisServerContainer#IMAGE},
	 * or the cluster is not ready within {@link #READY_TIMEOUT}
	 */
	public static DockerRedisCluster start(Duration nodeTimeout) {
		List<RedisServerContainer> nodes = new ArrayList<>();
		try {
			for (int i = 0; i < NODE_COUNT; i++) {
				RedisServerContainer node = new RedisServerContainer(nodeArguments(nodeTimeout));
				nodes.add(node);
				node.start();
			}
			DockerRedisCluster cluster = new DockerRedisCluster(nodes);
			cluster.create(List.of(), (arguments) -> runRedisCli(nodes.get(0), arguments));
			return cluster;
		}
		catch (RuntimeException ex) {
			nodes.forEach(RedisServerContainer::stop);
			throw ex;
		}
	}

	@Override
	public void stop() {
		nodes().forEach(RedisServerContainer::stop);
	}

	@Override
	public String toString() {
		return "Redis Cluster in containers of " + RedisServerContainer.IMAGE + " at " + seedNodes();
	}

	@Override
	RespClient admin(RedisServerContainer node) {
		return node.admin();
	}

	private static void runRedisCli(RedisServerContainer node, List<String> arguments) {
		List<String> command = new ArrayList<>(List.of("redis-cli"));
		command.addAll(arguments);
		try {
			ExecResult result = node.execInContainer(command.toArray(String[]::new));
			if (result.getExitCode() != 0) {
				throw new IllegalStateException("redis-cli --cluster create failed with code " + result.getExitCode()
						+ " in " + node + ":\n" + result.getStdout() + result.getStderr());
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot run " + command + " in " + node, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running " + command + " in " + node, ex);
		}
	}

}
