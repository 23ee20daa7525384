package io.limiter.testsupport;

import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RedisFixturesTests extends SharedFixturesContract {

	@Override
	RedisStandalone standalone() {
		return RedisFixtures.standalone();
	}

	@Override
	RedisCluster cluster() {
		return RedisFixtures.cluster();
	}

	@Test
	void runsTheSharedServersAsLocalProcesses() {
		assertThat(standalone()).hasToString("shared redis-server 127.0.0.1:" + standalone().port());
		assertThat(cluster().toString()).startsWith("shared Redis Cluster 127.0.0.1:");
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

}
