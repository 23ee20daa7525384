package io.limiter.testsupport;

import java.time.Duration;
import java.util.List;

import com.github.dockerjava.api.model.Container;
import org.junit.jupiter.api.Tag;

import static org.assertj.core.api.Assertions.assertThat;

@Tag("docker")
class DockerRedisClusterTests extends PrivateRedisClusterContract<DockerRedisCluster> {

	@Override
	DockerRedisCluster start(Duration nodeTimeout) {
		return DockerRedisCluster.start(nodeTimeout);
	}

	@Override
	Runnable nothingLeftCheck(DockerRedisCluster cluster) {
		List<String> ids = cluster.nodes().stream().map(RedisServerContainer::getContainerId).toList();
		return () -> assertThat(cluster.nodes().get(0).getDockerClient().listContainersCmd().withShowAll(true).exec())
			.extracting(Container::getId)
			.doesNotContainAnyElementsOf(ids);
	}

}
