package io.limiter.internal.redis;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;

/**
 * Runs scripts through Lettuce's asynchronous API on one multiplexed connection, standalone or cluster
 * (Lettuce routes a cluster command by the slot of its first key).
 * <p>
 * EVALSHA goes first. A {@code NOSCRIPT} reply (the node restarted, failed over, or was flushed) is answered
 * by EVAL with the source, which also puts the script back in that node's cache; the caller sees only the
 * result.
 */
public final class LettuceScriptExecutor implements ScriptExecutor {

	private final RedisScriptingAsyncCommands<String, String> commands;

	private final Function<String, CompletionStage<?>> loadOnEveryMaster;

	private final Runnable closer;

	/**
	 * Creates an executor.
	 * @param commands the asynchronous commands of one connection
	 * @param loadOnEveryMaster sends SCRIPT LOAD of a source to every master
	 * @param closer releases the connection and whatever this executor owns
	 */
	public LettuceScriptExecutor(RedisScriptingAsyncCommands<String, String> commands,
			Function<String, CompletionStage<?>> loadOnEveryMaster, Runnable closer) {
		this.commands = commands;
		this.loadOnEveryMaster = loadOnEveryMaster;
		this.closer = closer;
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		CompletionStage<List<Object>> first = this.commands.evalsha(script.sha1(), ScriptOutputType.MULTI, keys, args);
		return first.exceptionallyCompose((failure) -> isNoScript(failure)
				? this.commands.<List<Object>>eval(script.source(), ScriptOutputType.MULTI, keys, args)
				: CompletableFuture.failedFuture(failure));
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		return this.loadOnEveryMaster.apply(script.source()).thenAccept((ignored) -> {
		});
	}

	private static boolean isNoScript(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		return cause instanceof RedisNoScriptException
				|| (cause.getMessage() != null && cause.getMessage().startsWith("NOSCRIPT"));
	}

	@Override
	public void close() {
		this.closer.run();
	}

}
