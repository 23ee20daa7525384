package io.limiter.testsupport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a cluster of processes and a cluster of containers do alike, given their six nodes: the nodes' arguments,
 * the {@code redis-cli --cluster create} that joins them, and what a test asks of the running cluster.
 *
 * @param <N> the type of the nodes
 */
abstract class NodeCluster<N extends RedisNode> implements PrivateRedisCluster<N> {

	static final int NODE_COUNT = 6;

	private static final int MASTER_COUNT = 3;

	private final List<N> nodes;

	NodeCluster(List<N> nodes) {
		this.nodes = List.copyOf(nodes);
	}

	/**
	 * Returns the {@code redis-server} arguments of a cluster node.
	 */
	static List<String> nodeArguments(Duration nodeTimeout) {
		return List.of("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout",
				Long.toString(nodeTimeout.toMillis()), "--repl-diskless-sync-delay", "0");
	}

	/**
	 * Returns a client for a node's administrative commands.
	 */
	abstract RespClient admin(N node);

	@Override
	public String seedNodes() {
		return this.nodes.stream().map((node) -> node.host() + ":" + node.port()).collect(Collectors.joining(","));
	}

	@Override
	public List<String> nodeUris() {
		return this.nodes.stream().map(RedisNode::uri).toList();
	}

	@Override
	public List<N> nodes() {
		return this.nodes;
	}

	@Override
	public List<N> masters() {
		return withRole("master");
	}

	@Override
	public List<N> replicas() {
		return withRole("slave");
	}

	@Override
	public N node(int port) {
		return this.nodes.stream()
			.filter((node) -> node.port() == port)
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException("No node on port " + port + " in " + seedNodes()));
	}

	@Override
	public void awaitReady() {
		awaitReady(READY_TIMEOUT);
	}

	@Override
	public void awaitReady(Duration timeout) {
		ClusterHealth.await(clients(this.nodes.stream().filter(RedisNode::isAlive).toList()), -1, -1, timeout);
	}

	@Override
	public void flushAll() {
		for (N master : masters()) {
			master.flushAll();
		}
	}

	@Override
	public void close() {
		stop();
	}

	/**
	 * Joins the nodes into three masters with one replica each, with {@code redis-cli --cluster create}, and waits
	 * until the cluster is ready.
	 * @param cliOptions the options of {@code redis-cli} before {@code --cluster}, such as those of TLS
	 * @param redisCli runs {@code redis-cli} with the given arguments where it reaches the nodes
	 */
	void create(List<String> cliOptions, RedisCli redisCli) {
		List<String> arguments = new ArrayList<>(cliOptions);
		arguments.addAll(List.of("--cluster", "create"));
		this.nodes.forEach((node) -> arguments.add(node.host() + ":" + node.port()));
		arguments.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
		redisCli.run(arguments);
		ClusterHealth.await(clients(this.nodes), MASTER_COUNT, NODE_COUNT - MASTER_COUNT, READY_TIMEOUT);
	}

	private List<N> withRole(String role) {
		List<N> matching = new ArrayList<>();
		for (N node : this.nodes) {
			if (node.isAlive() && role.equals(roleOf(node))) {
				matching.add(node);
			}
		}
		return matching;
	}

	private String roleOf(N node) {
		try {
			return RespClient.field(admin(node).text("INFO", "replication"), "role");
		}
		catch (IOException ex) {
			return null;
		}
	}

	private List<RespClient> clients(List<N> nodes) {
		return nodes.stream().map(this::admin).toList();
	}

	/**
	 * Runs {@code redis-cli} where it reaches the nodes.
	 */
	@FunctionalInterface
	interface RedisCli {

		/**
		 * Runs {@code redis-cli} with the arguments and waits until it exits.
		 * @throws IllegalStateException with its output when it fails
		 */
		void run(List<String> arguments);

	}

}
