package io.limiter.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LocalRedisClusterTests extends PrivateRedisClusterContract<LocalRedisCluster> {

	@Override
	LocalRedisCluster start(Duration nodeTimeout) {
		return LocalRedisCluster.start(nodeTimeout);
	}

	@Override
	Runnable nothingLeftCheck(LocalRedisCluster cluster) {
		List<Long> pids = cluster.nodes().stream().map(RedisServerProcess::pid).toList();
		List<Path> directories = cluster.nodes().stream().map(RedisServerProcess::directory).toList();
		return () -> {
			assertThat(pids).noneMatch(TestSockets::processAlive);
			assertThat(directories).noneMatch(Files::exists);
		};
	}

}
