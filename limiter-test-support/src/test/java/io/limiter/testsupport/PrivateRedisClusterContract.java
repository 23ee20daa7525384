package io.limiter.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link PrivateRedisCluster} does, of processes or of containers alike: a subclass starts the kind under
 * test. The tests run in order on one cluster, from its start to its stop.
 *
 * @param <C> the kind of cluster
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class PrivateRedisClusterContract<C extends PrivateRedisCluster<?>> {

	private C cluster;

	/**
	 * Starts a cluster of the kind under test.
	 * @param nodeTimeout the nodes' {@code cluster-node-timeout}
	 * @return the running cluster
	 */
	abstract C start(Duration nodeTimeout);

	/**
	 * Returns a check that the nodes left nothing behind, to be made after the cluster stopped.
	 * @param cluster the cluster, still running
	 * @return the check
	 */
	abstract Runnable nothingLeftCheck(C cluster);

	@BeforeAll
	void startCluster() {
		long started = System.nanoTime();
		this.cluster = start(Duration.ofMillis(1000));
		System.out.printf("%s ready in %d ms%n", this.cluster, (System.nanoTime() - started) / 1_000_000);
	}

	@AfterAll
	void stopCluster() {
		this.cluster.stop();
	}

	@Test
	@Order(1)
	void formsThreeMastersWithOneReplicaEach() {
		assertThat(this.cluster.nodes()).hasSize(6).allMatch(RedisNode::isAlive);
		assertThat(this.cluster.masters()).hasSize(3);
		assertThat(replicas()).hasSize(3).doesNotContainAnyElementsOf(masters());
		List<Integer> masterPorts = this.cluster.masters().stream().map(RedisNode::port).toList();
		for (RedisNode replica : this.cluster.replicas()) {
			RedisServerProcessTests.withCommands(RedisURI.create(replica.uri()), (redis) -> {
				String replication = redis.info("replication");
				assertThat(replication).contains("master_link_status:up");
				assertThat(masterPorts).contains(Integer.valueOf(RespClient.field(replication, "master_port")));
			});
		}
		RedisServerProcessTests.withCommands(RedisURI.create(this.cluster.nodes().get(0).uri()),
				(redis) -> assertThat(redis.configGet("cluster-node-timeout"))
					.containsEntry("cluster-node-timeout", "1000"));
	}

	@Test
	@Order(2)
	void exposesEveryNodeAddress() {
		List<Integer> ports = this.cluster.nodes().stream().map(RedisNode::port).toList();
		assertThat(ports).doesNotHaveDuplicates();
		assertThat(this.cluster.seedNodes().split(","))
			.containsExactlyElementsOf(ports.stream().map((port) -> "127.0.0.1:" + port).toList());
		assertThat(this.cluster.nodeUris())
			.containsExactlyElementsOf(ports.stream().map((port) -> "redis://127.0.0.1:" + port).toList());
		assertThat(this.cluster.node(ports.get(3))).isSameAs(this.cluster.nodes().get(3));
	}

	@Test
	@Order(3)
	void coversEverySlotAsSeenByLettuce() {
		withClusterCommands((redis, client) -> {
			List<RedisClusterNode> upstreams = client.getPartitions()
				.stream()
				.filter((node) -> node.is(RedisClusterNode.NodeFlag.UPSTREAM))
				.toList();
			assertThat(upstreams).hasSize(3);
			assertThat(upstreams.stream().flatMap((node) -> node.getSlots().stream()).distinct().count())
				.isEqualTo(16384);
			assertThat(client.getPartitions().stream().filter((node) -> node.is(RedisClusterNode.NodeFlag.REPLICA)))
				.hasSize(3);
		});
	}

	@Test
	@Order(4)
	void storesManyKeysAcrossAllMastersAndFlushesThem() {
		withClusterCommands((redis, client) -> {
			IntStream.range(0, 1000).forEach((i) -> assertThat(redis.set("key:" + i, "value:" + i)).isEqualTo("OK"));
			IntStream.range(0, 1000).forEach((i) -> assertThat(redis.get("key:" + i)).isEqualTo("value:" + i));
			Map<Integer, Long> keysPerMaster = keysPerMaster();
			assertThat(keysPerMaster).hasSize(3).allSatisfy((port, keys) -> assertThat(keys).isPositive());
			assertThat(keysPerMaster.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(1000);

			this.cluster.flushAll();

			assertThat(keysPerMaster()).allSatisfy((port, keys) -> assertThat(keys).isZero());
			assertThat(redis.get("key:1")).isNull();
		});
	}

	@Test
	@Order(5)
	void failsOverWhenAMasterIsKilledAndTakesItBackAsReplica() {
		RedisNode victim = this.cluster.masters().get(0);

		victim.kill();
		this.cluster.awaitReady();

		assertThat(masters()).hasSize(3).doesNotContain(victim);
		assertThat(this.cluster.replicas()).hasSize(2);

		victim.restart();
		this.cluster.awaitReady();

		assertThat(this.cluster.masters()).hasSize(3);
		assertThat(replicas()).hasSize(3).contains(victim);
		withClusterCommands((redis, client) -> assertThat(redis.set("after-failover", "ok")).isEqualTo("OK"));
	}

	@Test
	@Order(6)
	void stopLeavesNoNodeRunning() {
		List<Integer> ports = this.cluster.nodes().stream().map(RedisNode::port).toList();
		Runnable nothingLeft = nothingLeftCheck(this.cluster);

		this.cluster.stop();

		assertThat(this.cluster.nodes()).noneMatch(RedisNode::isAlive);
		assertThat(ports).noneMatch(TestSockets::accepts);
		nothingLeft.run();
	}

	private List<RedisNode> masters() {
		return List.copyOf(this.cluster.masters());
	}

	private List<RedisNode> replicas() {
		return List.copyOf(this.cluster.replicas());
	}

	private Map<Integer, Long> keysPerMaster() {
		return this.cluster.masters().stream().collect(Collectors.toMap(RedisNode::port, (master) -> {
			long[] size = new long[1];
			RedisServerProcessTests.withCommands(RedisURI.create(master.uri()), (redis) -> size[0] = redis.dbsize());
			return size[0];
		}));
	}

	private void withClusterCommands(ClusterAction action) {
		RedisClusterClient client = RedisClusterClient
			.create(this.cluster.nodeUris().stream().map(RedisURI::create).toList());
		try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
			action.run(connection.sync(), client);
		}
		finally {
			client.shutdown();
		}
	}

	private interface ClusterAction {

		void run(RedisAdvancedClusterCommands<String, String> redis, RedisClusterClient client);

	}

}
