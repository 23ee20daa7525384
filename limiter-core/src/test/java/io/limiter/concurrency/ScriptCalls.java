package io.limiter.concurrency;

import java.util.List;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;

/**
 * Counts the script calls that Redis nodes served, from their {@code INFO commandstats} ({@code evalsha} and
 * {@code eval}): what clients sent, whatever a script then ran.
 */
final class ScriptCalls {

	private static final RedisClient CLIENT = RedisClient.create();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(CLIENT::shutdown, "script-calls-shutdown"));
	}

	private final List<String> nodeUris;

	/**
	 * Counts on some nodes.
	 * @param nodeUris every node whose calls count (a replica serves none)
	 */
	ScriptCalls(List<String> nodeUris) {
		this.nodeUris = nodeUris;
	}

	/** {@return the script calls served so far by the nodes together} */
	long served() {
		long calls = 0;
		for (String uri : this.nodeUris) {
			try (StatefulRedisConnection<String, String> connection = CLIENT.connect(RedisURI.create(uri))) {
				String info = connection.sync().info("commandstats");
				calls += callsOf(info, "evalsha") + callsOf(info, "eval");
			}
		}
		return calls;
	}

	private static long callsOf(String info, String command) {
		String prefix = "cmdstat_" + command + ":calls=";
		for (String line : info.split("\r?\n")) {
			if (line.startsWith(prefix)) {
				int end = line.indexOf(',', prefix.length());
				return Long.parseLong(line.substring(prefix.length(), (end < 0) ? line.length() : end));
			}
		}
		return 0;
	}

}
