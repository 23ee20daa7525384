package io.limiter.jmh.redis;

import java.util.List;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A target counts round trips where its clients send them, while the server also counts what a script runs.
 */
class SentCommandsIntegrationTests {

	@Test
	void aScriptIsOneCommandSentAndAsManyServedAsItRuns() {
		RedisServerProcess server = RedisFixtures.startStandalone();
		try (RedisTarget target = RedisTarget.connect(server.uri())) {
			RedisClusterCommands<String, String> commands = target.commands();
			long sentBefore = target.commandsSent();
			long servedBefore = target.commandsServed();
			commands.set("counted", "1");
			commands.get("counted");
			List<Object> reply = commands.eval("redis.call('GET', KEYS[1]); redis.call('SET', KEYS[1], '2'); return {1}",
					ScriptOutputType.MULTI, "counted");
			assertThat(reply).containsExactly(1L);
			assertThat(target.commandsSent() - sentBefore).isEqualTo(3);
			assertThat(target.commandsServed() - servedBefore).isEqualTo(5);
		}
		finally {
			server.stop();
		}
	}

}
