package io.limiter.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
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
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalRedisClusterTests {

	private static LocalRedisCluster cluster;

	@BeforeAll
	static void startCluster() {
		long started = System.nanoTime();
		cluster = LocalRedisCluster.start(Duration.ofMillis(1000));
		System.out.printf("Redis Cluster of six nodes ready in %d ms%n", (System.nanoTime() - started) / 1_000_000);
	}

	@AfterAll
	static void stopCluster() {
		cluster.stop();
	}

	@Test
	@Order(1)
	void formsThreeMastersWithOneReplicaEach() {
		assertThat(cluster.nodes()).hasSize(6).allMatch(RedisServerProcess::isAlive);
		assertThat(cluster.masters()).hasSize(3);
		assertThat(cluster.replicas()).hasSize(3).doesNotContainAnyElementsOf(cluster.masters());
		List<Integer> masterPorts = cluster.masters().stream().map(RedisServerProcess::port).toList();
		for (RedisServerProcess replica : cluster.replicas()) {
			RedisServerProcessTests.withCommands(RedisURI.create(replica.uri()), (redis) -> {
				String replication = redis.info("replication");
				assertThat(replication).contains("master_link_status:up");
				assertThat(masterPorts).contains(Integer.valueOf(RespClient.field(replication, "master_port")));
			});
		}
		RedisServerProcessTests.withCommands(RedisURI.create(cluster.nodes().get(0).uri()),
				(redis) -> assertThat(redis.configGet("cluster-node-timeout"))
					.containsEntry("cluster-node-timeout", "1000"));
	}

	@Test
	@Order(2)
	void exposesEveryNodeAddress() {
		List<Integer> ports = cluster.nodes().stream().map(RedisServerProcess::port).toList();
		assertThat(ports).doesNotHaveDuplicates();
		assertThat(cluster.seedNodes().split(","))
			.containsExactlyElementsOf(ports.stream().map((port) -> "127.0.0.1:" + port).toList());
		assertThat(cluster.nodeUris())
			.containsExactlyElementsOf(ports.stream().map((port) -> "redis://127.0.0.1:" + port).toList());
		assertThat(cluster.node(ports.get(3))).isSameAs(cluster.nodes().get(3));
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

			cluster.flushAll();

			assertThat(keysPerMaster()).allSatisfy((port, keys) -> assertThat(keys).isZero());
			assertThat(redis.get("key:1")).isNull();
		});
	}

	@Test
	@Order(5)
	void failsOverWhenAMasterIsKilledAndTakesItBackAsReplica() {
		RedisServerProcess victim = cluster.masters().get(0);

		victim.kill();
		cluster.awaitReady();

		assertThat(cluster.masters()).hasSize(3).doesNotContain(victim);
		assertThat(cluster.replicas()).hasSize(2);

		victim.restart();
		cluster.awaitReady();

		assertThat(cluster.masters()).hasSize(3);
		assertThat(cluster.replicas()).hasSize(3).contains(victim);
		withClusterCommands((redis, client) -> assertThat(redis.set("after-failover", "ok")).isEqualTo("OK"));
	}

	@Test
	@Order(6)
	void stopLeavesNoProcessAlive() {
		List<Long> pids = cluster.nodes().stream().map(RedisServerProcess::pid).toList();
		List<Integer> ports = cluster.nodes().stream().map(RedisServerProcess::port).toList();
		List<Path> directories = cluster.nodes().stream().map(RedisServerProcess::directory).toList();

		cluster.stop();

		assertThat(cluster.nodes()).noneMatch(RedisServerProcess::isAlive);
		assertThat(pids).noneMatch(TestSockets::processAlive);
		assertThat(ports).noneMatch(TestSockets::accepts);
		assertThat(directories).noneMatch(Files::exists);
	}

	private static Map<Integer, Long> keysPerMaster() {
		return cluster.masters().stream().collect(Collectors.toMap(RedisServerProcess::port, (master) -> {
			long[] size = new long[1];
			RedisServerProcessTests.withCommands(RedisURI.create(master.uri()), (redis) -> size[0] = redis.dbsize());
			return size[0];
		}));
	}

	private static void withClusterCommands(ClusterAction action) {
		RedisClusterClient client = RedisClusterClient
			.create(cluster.nodeUris().stream().map(RedisURI::create).toList());
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
