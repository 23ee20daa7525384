package io.limiter.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import javax.net.ssl.SSLSocketFactory;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RedisServerProcessTests {

	@Test
	void startsOnAFreeLoopbackPortAndAnswers() {
		try (RedisServerProcess server = RedisServerProcess.start()) {
			assertThat(server.isAlive()).isTrue();
			assertThat(server.host()).isEqualTo("127.0.0.1");
			assertThat(server.port()).isPositive();
			assertThat(server.uri()).isEqualTo("redis://127.0.0.1:" + server.port());
			assertThat(server.directory().resolve("redis.log")).isRegularFile();
			withCommands(RedisURI.create(server.uri()), (redis) -> {
				assertThat(redis.ping()).isEqualTo("PONG");
				assertThat(redis.set("greeting", "hello")).isEqualTo("OK");
				assertThat(redis.get("greeting")).isEqualTo("hello");
				assertThat(redis.configGet("save")).containsEntry("save", "");
				assertThat(redis.configGet("appendonly")).containsEntry("appendonly", "no");
			});
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

	@Test
	void flushAllDeletesEveryKey() {
		try (RedisServerProcess server = RedisServerProcess.start()) {
			withCommands(RedisURI.create(server.uri()), (redis) -> {
				redis.set("a", "1");
				redis.select(1);
				redis.set("b", "2");
				server.flushAll();
				assertThat(redis.dbsize()).isZero();
				redis.select(0);
				assertThat(redis.dbsize()).isZero();
			});
		}
	}

	@Test
	void restartsOnTheSamePortAfterKill() {
		try (RedisServerProcess server = RedisServerProcess.start()) {
			int port = server.port();
			long firstPid = server.pid();
			withCommands(RedisURI.create(server.uri()), (redis) -> redis.set("key", "value"));

			server.kill();

			assertThat(server.isAlive()).isFalse();
			assertThat(TestSockets.processAlive(firstPid)).isFalse();
			assertThat(TestSockets.accepts(port)).isFalse();

			server.restart();

			assertThat(server.isAlive()).isTrue();
			assertThat(server.port()).isEqualTo(port);
			assertThat(server.pid()).isNotEqualTo(firstPid);
			withCommands(RedisURI.create(server.uri()), (redis) -> {
				assertThat(redis.ping()).isEqualTo("PONG");
				assertThat(redis.get("key")).as("nothing is persisted").isNull();
			});
		}
	}

	@Test
	void isGoneAfterStop() {
		RedisServerProcess server = RedisServerProcess.start();
		int port = server.port();
		long pid = server.pid();
		Path directory = server.directory();

		server.stop();

		assertThat(server.isAlive()).isFalse();
		assertThat(TestSockets.processAlive(pid)).isFalse();
		assertThat(TestSockets.accepts(port)).isFalse();
		assertThat(Files.exists(directory)).isFalse();
		assertThatIllegalStateException().isThrownBy(server::restart).withMessageContaining("stopped");
		server.stop();
	}

	@Test
	void passesExtraArguments() {
		try (RedisServerProcess server = RedisServerProcess.start("--requirepass", "secret")) {
			assertThatThrownBy(() -> withCommands(RedisURI.create(server.uri()), RedisCommands::ping))
				.isInstanceOf(RedisException.class);
			RedisURI withPassword = RedisURI.builder(RedisURI.create(server.uri())).withPassword("secret".toCharArray()).build();
			withCommands(withPassword, (redis) -> redis.set("key", "value"));
			server.flushAll();
			withCommands(withPassword, (redis) -> assertThat(redis.dbsize()).isZero());
		}
	}

	@Test
	void failsWithTheServerOutputWhenTheServerCannotStart() {
		assertThatIllegalStateException().isThrownBy(() -> RedisServerProcess.start("--no-such-directive", "1"))
			.withMessageContaining("exited with code")
			.withMessageContaining("no-such-directive");
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
