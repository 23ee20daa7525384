package io.limiter.testsupport;

import java.util.List;

import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.Test;

import static io.limiter.testsupport.RedisServerProcessTests.withCommands;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link RedisNode} does, a process or a container alike: a subclass starts the kind under test.
 *
 * @param <N> the kind of node
 */
abstract class RedisNodeContract<N extends RedisNode> {

	/**
	 * Starts a node of the kind under test.
	 * @param extraArguments arguments appended to the defaults
	 * @return the running node
	 */
	abstract N start(String... extraArguments);

	@Test
	void startsOnAFreeLoopbackPortAndAnswers() {
		try (N server = start()) {
			assertThat(server.isAlive()).isTrue();
			assertThat(server.host()).isEqualTo("127.0.0.1");
			assertThat(server.port()).isPositive().isNotEqualTo(6379);
			assertThat(server.uri()).isEqualTo("redis://127.0.0.1:" + server.port());
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
	void flushAllDeletesEveryKey() {
		try (N server = start()) {
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
		try (N server = start()) {
			int port = server.port();
			withCommands(RedisURI.create(server.uri()), (redis) -> redis.set("key", "value"));

			server.kill();

			assertThat(server.isAlive()).isFalse();
			assertThat(TestSockets.accepts(port)).isFalse();

			server.restart();

			assertThat(server.isAlive()).isTrue();
			assertThat(server.port()).isEqualTo(port);
			withCommands(RedisURI.create(server.uri()), (redis) -> {
				assertThat(redis.ping()).isEqualTo("PONG");
				assertThat(redis.get("key")).as("nothing is persisted").isNull();
			});
		}
	}

	@Test
	void isGoneAfterStop() {
		N server = start();
		int port = server.port();

		server.stop();

		assertThat(server.isAlive()).isFalse();
		assertThat(TestSockets.accepts(port)).isFalse();
		assertThatIllegalStateException().isThrownBy(server::restart).withMessageContaining("stopped");
		server.stop();
	}

	@Test
	void passesExtraArguments() {
		try (N server = start("--requirepass", "secret")) {
			assertThatThrownBy(() -> withCommands(RedisURI.create(server.uri()), RedisCommands::ping))
				.isInstanceOf(RedisException.class);
			assertThat(server.command("CONFIG", "GET", "requirepass")).isEqualTo(List.of("requirepass", "secret"));
			RedisURI withPassword = RedisURI.builder(RedisURI.create(server.uri()))
				.withPassword("secret".toCharArray())
				.build();
			withCommands(withPassword, (redis) -> redis.set("key", "value"));
			server.flushAll();
			withCommands(withPassword, (redis) -> assertThat(redis.dbsize()).isZero());
		}
	}

	@Test
	void failsWithTheServerOutputWhenTheServerCannotStart() {
		assertThatThrownBy(() -> start("--no-such-directive", "1")).hasStackTraceContaining("exited")
			.hasStackTraceContaining("no-such-directive");
	}

}
