package io.limiter.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A master, a replica and three Sentinels that agree on the master, with a password on all of them; after the
 * master is killed the Sentinels promote the replica; closing stops every process and deletes their directories.
 */
class LocalRedisSentinelTests {

	@Test
	void sentinelsAgreeFailOverAndStopCleanly() throws Exception {
		LocalRedisSentinel sentinel = LocalRedisSentinel.start(Duration.ofMillis(1000), "pw");
		List<RedisServerProcess> all = Stream.concat(sentinel.servers().stream(), sentinel.sentinels().stream())
			.toList();
		try {
			assertThat(sentinel.sentinels()).hasSize(3).allMatch(RedisServerProcess::isAlive);
			assertThat(sentinel.sentinelNodes().split(",")).hasSize(3);
			RedisServerProcess master = sentinel.master();
			assertThat(master).isSameAs(sentinel.servers().get(0));
			RedisServerProcess other = sentinel.sentinels().get(1);
			assertThatExceptionOfType(RespClient.ErrorReply.class)
				.isThrownBy(() -> new RespClient(other.host(), other.port(), null).call("PING"))
				.withMessageStartingWith("NOAUTH");
			assertThat(new RespClient(other.host(), other.port(), "pw").call("PING")).isEqualTo("PONG");
			master.kill();
			sentinel.awaitFailover(master);
			assertThat(sentinel.master()).isSameAs(sentinel.servers().get(1));
		}
		finally {
			sentinel.close();
		}
		assertThat(all).noneMatch(RedisServerProcess::isAlive);
		assertThat(all.stream().map(RedisServerProcess::directory)).noneMatch(Files::exists);
	}

}
