package io.limiter.testsupport;

import java.util.stream.IntStream;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisFixturesTests {

	@Test
	void sharesOneStandaloneServer() {
		RedisStandalone shared = RedisFixtures.standalone();
		assertThat(RedisFixtures.standalone()).isSameAs(shared);
		RedisServerProcessTests.withCommands(RedisURI.create(shared.uri()), (redis) -> {
			redis.set("shared", "yes");
			assertThat(redis.get("shared")).isEqualTo("yes");
			shared.flushAll();
			assertThat(redis.dbsize()).isZero();
		});
	}

	@Test
	void refusesToStopSharedInstances() {
		RedisStandalone standalone = RedisFixtures.standalone();
		assertThatThrownBy(standalone::stop).isInstanceOf(UnsupportedOperationException.class);
		assertThatThrownBy(standalone::close).isInstanceOf(UnsupportedOperationException.class);
		assertThatThrownBy(RedisFixtures.cluster()::stop).isInstanceOf(UnsupportedOperationException.class);
		assertThat(TestSockets.accepts(standalone.port())).isTrue();
	}

	@Test
	void privateStandaloneLeavesTheSharedOneRunning() {
		RedisStandalone shared = RedisFixtures.standalone();
		try (RedisServerProcess own = RedisFixtures.startStandalone()) {
			assertThat(own.port()).isNotEqualTo(shared.port());
			own.kill();
		}
		RedisServerProcessTests.withCommands(RedisURI.create(shared.uri()),
				(redis) -> assertThat(redis.ping()).isEqualTo("PONG"));
	}

	@Test
	void sharesOneClusterThatServesKeys() {
		RedisCluster shared = RedisFixtures.cluster();
		assertThat(RedisFixtures.cluster()).isSameAs(shared);
		assertThat(shared.seedNodes().split(",")).hasSize(6).allMatch((node) -> node.startsWith("127.0.0.1:"));
		assertThat(shared.nodeUris()).hasSize(6);
		RedisClusterClient client = RedisClusterClient.create(shared.nodeUris().stream().map(RedisURI::create).toList());
		try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
			RedisAdvancedClusterCommands<String, String> redis = connection.sync();
			IntStream.range(0, 300).forEach((i) -> redis.set("shared:" + i, Integer.toString(i)));
			IntStream.range(0, 300).forEach((i) -> assertThat(redis.get("shared:" + i)).isEqualTo(Integer.toString(i)));

			shared.flushAll();

			IntStream.range(0, 300).forEach((i) -> assertThat(redis.get("shared:" + i)).isNull());
		}
		finally {
			client.shutdown();
		}
	}

}
