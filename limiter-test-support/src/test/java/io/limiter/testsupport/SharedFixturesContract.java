package io.limiter.testsupport;

import java.util.stream.IntStream;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisAdvancedClusterCommands;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the JVM-wide shared servers of {@link RedisFixtures} do, on processes or in containers alike: a subclass
 * names the kind under test.
 */
abstract class SharedFixturesContract {

	/** {@return the shared standalone server of the kind under test} */
	abstract RedisStandalone standalone();

	/** {@return the shared cluster of the kind under test} */
	abstract RedisCluster cluster();

	@Test
	void sharesOneStandaloneServer() {
		RedisStandalone shared = standalone();
		assertThat(standalone()).isSameAs(shared);
		RedisServerProcessTests.withCommands(RedisURI.create(shared.uri()), (redis) -> {
			redis.set("shared", "yes");
			assertThat(redis.get("shared")).isEqualTo("yes");
			shared.flushAll();
			assertThat(redis.dbsize()).isZero();
		});
	}

	@Test
	void refusesToStopSharedInstances() {
		RedisStandalone standalone = standalone();
		assertThatThrownBy(standalone::stop).isInstanceOf(UnsupportedOperationException.class);
		assertThatThrownBy(standalone::close).isInstanceOf(UnsupportedOperationException.class);
		assertThatThrownBy(cluster()::stop).isInstanceOf(UnsupportedOperationException.class);
		assertThat(TestSockets.accepts(standalone.port())).isTrue();
	}

	@Test
	void sharesOneClusterThatServesKeys() {
		RedisCluster shared = cluster();
		assertThat(cluster()).isSameAs(shared);
		assertThat(shared.seedNodes().split(",")).hasSize(6).allMatch((node) -> node.startsWith("127.0.0.1:"));
		assertThat(shared.nodeUris()).hasSize(6);
		RedisClusterClient client = RedisClusterClient
			.create(shared.nodeUris().stream().map(RedisURI::create).toList());
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
