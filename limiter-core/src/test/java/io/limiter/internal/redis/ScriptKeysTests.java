package io.limiter.internal.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every script of the core asks of a server, checked over all of them: each key it touches is declared in
 * {@code KEYS} (Redis Cluster routes by them, DragonflyDB refuses undeclared keys unless a script says otherwise,
 * managed servers check them), only known commands are called, and the server's {@code TIME} is read only where it
 * is documented here. docs/compatibility.md lists the same.
 */
class ScriptKeysTests {

	/** The scripts that may read the server's clock, each with the reason. */
	private static final Map<String, String> TIME_READERS = Map.of("io/limiter/internal/redis/preamble.lua",
			"ARGV[4] < 0 asks for the server's clock, the one clock that every client shares (the default; "
					+ "RedisBackendBuilder.clientClock sends the client's instead); every script starts with it");

	/** Every command called inside a script: what a server must allow there. docs/compatibility.md lists them. */
	private static final List<String> COMMANDS = List.of("DEL", "GET", "HDEL", "HGETALL", "HMGET", "HSET", "PEXPIRE", "SET", "TIME",
			"ZADD", "ZCARD", "ZCOUNT", "ZRANGE", "ZRANGEBYSCORE", "ZREM", "ZREMRANGEBYSCORE");

	@Test
	void everyScriptTouchesOnlyKeysDeclaredInKeysAndReadsTimeOnlyWhereDocumented() {
		Map<String, String> scripts = CoreScripts.all();
		ScriptKeyCheck check = new ScriptKeyCheck(TIME_READERS);
		List<String> problems = new ArrayList<>();
		scripts.forEach((name, source) -> problems.addAll(check.problems(name, source)));
		assertThat(scripts).hasSizeGreaterThanOrEqualTo(25);
		assertThat(problems).isEmpty();
		assertThat(check.commands()).containsExactlyInAnyOrderElementsOf(COMMANDS);
		assertThat(scripts).containsKeys(TIME_READERS.keySet().toArray(String[]::new));
	}

	@Test
	void aKeyBuiltFromArgvIsFlagged() {
		assertThat(check("redis.call('GET', ARGV[1])")).singleElement().asString()
			.contains("GET on a key not taken from KEYS: ARGV[1]");
	}

	@Test
	void aKeyJoinedWithAnotherStringIsFlagged() {
		assertThat(check("redis.call('HSET', KEYS[1] .. ':shadow', 'n', 1)")).singleElement().asString()
			.contains("HSET on a key not taken from KEYS: KEYS[1] .. ':shadow'");
		assertThat(check("local key = 'limiter:' .. ARGV[2]\nredis.call('DEL', key)")).singleElement().asString()
			.contains("DEL on a key not taken from KEYS: key");
	}

	@Test
	void anAliasOfADeclaredKeyPassesUntilItIsAssignedAgain() {
		assertThat(check("local key = KEYS[1]\nredis.call('ZCARD', key)")).isEmpty();
		assertThat(check("local key = KEYS[1]\nkey = key .. 'x'\nredis.call('ZCARD', key)")).singleElement()
			.asString()
			.contains("key stands for a key of KEYS but is assigned again");
	}

	@Test
	void aCommandNamedByAVariableOrUnknownIsFlagged() {
		assertThat(check("redis.call(ARGV[1], KEYS[1])")).singleElement().asString()
			.contains("a command named by an expression");
		assertThat(check("redis.pcall('SUNIONSTORE', KEYS[1], KEYS[2])")).singleElement().asString()
			.contains("SUNIONSTORE is not known to this check");
	}

	@Test
	void timeIsFlaggedOutsideTheDocumentedScripts() {
		assertThat(check("local t = redis.call('TIME')")).singleElement().asString()
			.contains("reads TIME without a documented reason");
		assertThat(new ScriptKeyCheck(TIME_READERS).problems("io/limiter/internal/redis/preamble.lua",
				"local t = redis.call('TIME')")).isEmpty();
	}

	@Test
	void commentsAreNotCode() {
		assertThat(check("-- redis.call('GET', ARGV[1])\nredis.call('GET', KEYS[1]) -- not ARGV[1]")).isEmpty();
	}

	private static List<String> check(String source) {
		return new ScriptKeyCheck(TIME_READERS).problems("test.lua", source);
	}

}
