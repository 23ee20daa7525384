package io.limiter.internal.redis;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The one thing the limiter asks of Redis: run a script on the node that owns its keys. Hides standalone
 * versus cluster, script loading and NOSCRIPT healing.
 */
public interface ScriptExecutor extends AutoCloseable {

	/**
	 * Runs a script by its digest, sending its source only when the node does not know it yet.
	 * @param script the script
	 * @param keys the keys, all in one hash slot
	 * @param args the arguments
	 * @return a stage completed with the script's array reply (integers as {@link Long})
	 */
	CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args);

	/**
	 * Loads a script on every master, so that the first calls need not send its source.
	 * @param script the script
	 * @return a stage completed once every master has it
	 */
	CompletionStage<Void> load(RedisScript script);

	/**
	 * Closes the connection and, when this executor created it, the client.
	 */
	@Override
	void close();

}
