package io.limiter.testsupport;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("docker")
class RedisFixturesInDockerTests extends SharedFixturesContract {

	@Override
	RedisStandalone standalone() {
		return RedisFixtures.standaloneInDocker();
	}

	@Override
	RedisCluster cluster() {
		return RedisFixtures.clusterInDocker();
	}

	@Test
	void runsTheSharedServersInContainersApartFromTheProcesses() {
		assertThat(standalone().toString()).startsWith("shared redis-server in container limiter/redis:local at ");
		assertThat(cluster().toString()).startsWith("shared Redis Cluster in containers of limiter/redis:local at ");
		assertThat(standalone().port()).isNotEqualTo(RedisFixtures.standalone().port());
	}

}
