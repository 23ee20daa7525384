package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.limiter.RateLimiterException;

/**
 * Runs scripts through Lettuce's asynchronous API on one multiplexed connection, standalone or cluster
 * (Lettuce routes a cluster command by the slot of its first key).
 * <p>
 * EVALSHA goes first. A {@code NOSCRIPT} reply (the node restarted, failed over, or was flushed) is answered
 * by EVAL with the source, which also puts the script back in that node's cache; the caller sees only the
 * result. Scripts named by {@link #load(RedisScript)} are loaded on every master at each (re)connection.
 * @param <C> the connection type
 */
public final class LettuceScriptExecutor<C extends StatefulConnection<String, String>> implements ScriptExecutor {

	private static final long RECONNECT_INTERVAL_MILLIS = 1000;

	private final ReconnectingConnection<C> connection;

	private final Function<C, RedisScriptingAsyncCommands<String, String>> commands;

	private final BiFunction<C, String, CompletionStage<?>> loadOnEveryMaster;

	private final Routing<C> routing;

	private final Runnable releaseClient;

	private final Set<RedisScript> scripts = ConcurrentHashMap.newKeySet();

	private final long callTimeoutMillis;

	private final Duration connectionTimeout;

	/**
	 * Creates an executor and starts connecting in the background.
	 * @param connector opens a connection asynchronously
	 * @param commands the scripting commands of a connection
	 * @param loadOnEveryMaster sends SCRIPT LOAD of a source to every master of a connection
	 * @param routing where the calls for a key go; reloaded after a failed call
	 * @param releaseClient runs after the connection is closed, to shut down a client this executor owns
	 * @param connectionTimeout the command timeout set on each new connection, or {@code null} to keep the
	 * client's
	 * @param callTimeout the time after which each call fails, or {@code null} when the client's own timeout
	 * settings already make it fail in time; bounding each call costs a scheduled task per call, so it is only
	 * for clients that do not time commands out
	 */
	public LettuceScriptExecutor(Supplier<CompletionStage<C>> connector,
			Function<C, RedisScriptingAsyncCommands<String, String>> commands,
			BiFunction<C, String, CompletionStage<?>> loadOnEveryMaster, Routing<C> routing,
			Runnable releaseClient, Duration connectionTimeout, Duration callTimeout) {
		this.commands = commands;
		this.loadOnEveryMaster = loadOnEveryMaster;
		this.routing = routing;
		this.releaseClient = releaseClient;
		this.callTimeoutMillis = (callTimeout != null) ? callTimeout.toMillis() : 0;
		this.connectionTimeout = connectionTimeout;
		this.connection = new ReconnectingConnection<>(connector, this::loadScripts, RECONNECT_INTERVAL_MILLIS);
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		C current = this.connection.current();
		if (current == null) {
			Throwable lastFailure = this.connection.lastFailure();
			return CompletableFuture.failedFuture(new RateLimiterException("not connected to Redis "
					+ ((lastFailure != null) ? "(last attempt: " + FailureDescription.of(lastFailure) + ")" : "yet"),
					lastFailure));
		}
		RedisScriptingAsyncCommands<String, String> async = this.commands.apply(current);
		CompletionStage<List<Object>> first = async.evalsha(script.sha1(), ScriptOutputType.MULTI, keys, args);
		CompletionStage<List<Object>> healed = first.exceptionallyCompose((failure) -> {
			if (isNoScript(failure)) {
				return async.<List<Object>>eval(script.source(), ScriptOutputType.MULTI, keys, args);
			}
			this.routing.refresh();
			return CompletableFuture.failedFuture(failure);
		});
		if (this.callTimeoutMillis == 0) {
			return healed;
		}
		return healed.toCompletableFuture()
			.orTimeout(this.callTimeoutMillis, TimeUnit.MILLISECONDS)
			.whenComplete((result, failure) -> {
				if (failure != null) {
					this.routing.refresh();
				}
			});
	}

	/**
	 * Returns the node that the calls for a key go to now.
	 * @param key a Redis key
	 * @return an id of the node, the same for every key it serves; empty while not connected
	 */
	public String nodeOf(String key) {
		C current = this.connection.current();
		return (current != null) ? this.routing.nodeOf(current, key) : "";
	}

	/**
	 * Reloads the view of where keys go, at most once in a while, for when calls to a node are refused.
	 */
	public void refreshRouting() {
		this.routing.refresh();
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		this.scripts.add(script);
		C current = this.connection.current();
		if (current == null) {
			return this.connection.connected().thenAccept((ignored) -> {
			});
		}
		return this.loadOnEveryMaster.apply(current, script.source()).thenAccept((ignored) -> {
		});
	}

	/**
	 * Waits until the first connection is open.
	 * @param timeout the longest wait
	 * @return {@code true} once connected, {@code false} when the timeout passed first
	 * @throws InterruptedException when interrupted while waiting
	 */
	public boolean awaitConnection(Duration timeout) throws InterruptedException {
		try {
			this.connection.connected().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException | ExecutionException ex) {
			return false;
		}
	}

	private void loadScripts(C opened) {
		if (this.connectionTimeout != null) {
			opened.setTimeout(this.connectionTimeout);
		}
		for (RedisScript script : this.scripts) {
			this.loadOnEveryMaster.apply(opened, script.source());
		}
	}

	private static boolean isNoScript(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		return cause instanceof RedisNoScriptException
				|| (cause.getMessage() != null && cause.getMessage().startsWith("NOSCRIPT"));
	}

	@Override
	public void close() {
		this.connection.close();
		this.releaseClient.run();
	}

}
