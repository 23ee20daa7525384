package io.limiter.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import javax.net.ssl.SSLSocketFactory;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class RedisServerProcessTests extends RedisNodeContract<RedisServerProcess> {

	@Override
	RedisServerProcess start(String... extraArguments) {
		return RedisServerProcess.start(extraArguments);
	}

	@Test
	void keepsItsOutputInADirectoryOfItsOwnThatStopDeletes() {
		RedisServerProcess server = RedisServerProcess.start();
		Path directory = server.directory();
		assertThat(directory.resolve("redis.log")).isRegularFile();

		server.stop();

		assertThat(Files.exists(directory)).isFalse();
	}

	@Test
	void restartsAsANewProcessAfterKill() {
		try (RedisServerProcess server = RedisServerProcess.start()) {
			long firstPid = server.pid();

			server.kill();

			assertThat(TestSockets.processAlive(firstPid)).isFalse();

			server.restart();

			assertThat(server.pid()).isNotEqualTo(firstPid);
		}
	}

	@Test
	void startsAServerThatSpeaksOnlyTlsWithTheGeneratedCertificates(@TempDir Path directory) throws Exception {
		Certificates certificates = Certificates.create(directory);
		try (RedisServerProcess server = RedisServerProcess.startTls(certificates)) {
			assertThat(server.uri()).isEqualTo("rediss://127.0.0.1:" + server.port());
			assertThat(server.command("SET", "greeting", "hello")).isEqualTo("OK");
			assertThat(server.command("CONFIG", "GET", "port")).isEqualTo(List.of("port", "0"));
			assertThat(new RespClient(server.host(), server.port(), null).answers())
				.as("plain text to the TLS port")
				.isFalse();
			assertThat(new RespClient(server.host(), server.port(), null,
					(SSLSocketFactory) SSLSocketFactory.getDefault()).answers())
				.as("TLS without the private CA")
				.isFalse();
			server.flushAll();
			assertThat(server.command("DBSIZE")).isEqualTo(0L);
		}
	}

	static void withCommands(RedisURI uri, Consumer<RedisCommands<String, String>> action) {
		RedisClient client = RedisClient.create(uri);
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			action.accept(connection.sync());
		}
		finally {
			client.shutdown();
		}
	}

}
