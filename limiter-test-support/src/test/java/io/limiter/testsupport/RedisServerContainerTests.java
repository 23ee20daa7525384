package io.limiter.testsupport;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

@Tag("docker")
class RedisServerContainerTests extends RedisNodeContract<RedisServerContainer> {

	@Override
	RedisServerContainer start(String... extraArguments) {
		RedisServerContainer server = new RedisServerContainer(extraArguments);
		server.start();
		return server;
	}

	@Test
	void runsTheLocalImageOnTheHostNetworkAndMapsTheRedisPortToItsOwn() {
		try (RedisServerContainer server = start()) {
			assertThat(server.getDockerImageName()).isEqualTo(RedisServerContainer.IMAGE);
			assertThat(server.getNetworkMode()).isEqualTo("host");
			assertThat(server.getHost()).isEqualTo("127.0.0.1");
			assertThat(server.getMappedPort(RedisServerContainer.REDIS_PORT)).isEqualTo(server.port());
			assertThat(server.getMappedPort(server.port())).isEqualTo(server.port());
			assertThatIllegalArgumentException().isThrownBy(() -> server.getMappedPort(server.port() + 1))
				.withMessageContaining(Integer.toString(server.port() + 1));
			assertThat(server.getLabels()).containsEntry(RedisServerContainer.LABEL, "redis-server");
		}
	}

	@Test
	void removesItsContainerOnStop() {
		RedisServerContainer server = start();
		String id = server.getContainerId();

		server.stop();

		assertThat(server.getDockerClient().listContainersCmd().withShowAll(true).exec())
			.noneMatch((container) -> container.getId().equals(id));
	}

	@Test
	void refusesAnImageThatIsNotThereAndSaysHowToBuildIt() {
		assertThatIllegalStateException().isThrownBy(() -> DockerEngine.requireImage("limiter/no-such-image:none"))
			.withMessageContaining("has no image limiter/no-such-image:none")
			.withMessageContaining("src/test-images/redis/build.sh");
	}

}
