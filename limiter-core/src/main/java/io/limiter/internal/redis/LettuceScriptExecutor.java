package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.failure.SlowAnswerException;

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

	private static final String NOSCRIPT = "NOSCRIPT";

	/** How long a timed-out call waits for a sign of life from its node before it counts as a failure of it. */
	static final long SLOW_ANSWER_GRACE_MILLIS = 100;

	private final ReconnectingConnection<C> connection;

	private final Function<C, RedisScriptingAsyncCommands<String, String>> commands;

	private final MasterCommands<C> masters;

	private final Routing<C> routing;

	private final Runnable releaseClient;

	private final Set<RedisScript> scripts = ConcurrentHashMap.newKeySet();

	private final List<ConfigRead> configReads = new CopyOnWriteArrayList<>();

	private final AdaptiveTimeout deadline;

	private final boolean boundEachCall;

	private final Duration connectionTimeout;

	private final NodeAnswers answers = new NodeAnswers();

	private final CallDeadlines deadlines;

	private final ScheduledExecutorService background;

	/**
	 * Creates an executor and starts connecting in the background.
	 * @param connector opens a connection asynchronously
	 * @param commands the scripting commands of a connection
	 * @param masters sends SCRIPT LOAD and CONFIG GET to every master of a connection
	 * @param routing where the calls for a key go; reloaded after a failed call
	 * @param releaseClient runs after the connection is closed, to shut down a client this executor owns
	 * @param deadline the deadline of each call, which learns from the latency of every answer
	 * @param connectionTimeout the command timeout set on each new connection, or {@code null} to keep the
	 * client's (a client Limiter creates asks {@code deadline} itself)
	 * @param boundEachCall whether to fail each call at {@code deadline} here, for a client whose own timeout
	 * settings do not (see {@link CallDeadlines})
	 * @param background runs the connection attempts
	 */
	public LettuceScriptExecutor(Supplier<CompletionStage<C>> connector,
			Function<C, RedisScriptingAsyncCommands<String, String>> commands,
			MasterCommands<C> masters, Routing<C> routing,
			Runnable releaseClient, AdaptiveTimeout deadline, Duration connectionTimeout, boolean boundEachCall,
			ScheduledExecutorService background) {
		this.commands = commands;
		this.masters = masters;
		this.routing = routing;
		this.releaseClient = releaseClient;
		this.deadline = deadline;
		this.boundEachCall = boundEachCall;
		this.connectionTimeout = connectionTimeout;
		this.background = background;
		this.deadlines = new CallDeadlines(background);
		this.connection = new ReconnectingConnection<>(connector, this::prepare, RECONNECT_INTERVAL_MILLIS,
				background);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * While the first connection is being opened, the call waits for it within its deadline, and fails as soon as
	 * that attempt fails; once an attempt has failed, calls fail at once until one succeeds.
	 */
	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		C current = this.connection.current();
		if (current != null) {
			return call(current, script, keys, args);
		}
		if (this.connection.lastFailure() != null) {
			return CompletableFuture.failedFuture(notConnected());
		}
		return LimiterThreads
			.orTimeout(this.connection.firstAttemptEnded().toCompletableFuture(), this.deadline.currentMillis(),
					this.background)
			.exceptionallyCompose((timedOut) -> CompletableFuture.failedFuture(notConnected()))
			.thenCompose((ended) -> {
				C opened = this.connection.current();
				return (opened != null) ? call(opened, script, keys, args)
						: CompletableFuture.failedFuture(notConnected());
			});
	}

	private LimiterBackendException notConnected() {
		Throwable lastFailure = this.connection.lastFailure();
		return new LimiterBackendException("not connected to Redis " + ((lastFailure != null)
				? "(last attempt: " + FailureDescription.of(lastFailure) + ")" : "yet"), lastFailure,
				DegradedReason.NOT_CONNECTED);
	}

	private CompletionStage<List<Object>> call(C current, RedisScript script, String[] keys, String[] args) {
		ScriptCall call = new ScriptCall(this, this.commands.apply(current), script, keys, args,
				this.routing.nodeOf(current, keys[0]));
		call.send();
		if (this.boundEachCall && !call.isDone()) {
			this.deadlines.bound(call, this.deadline.currentMillis());
		}
		return call;
	}

	/**
	 * One script call and its answer, in one stage: EVALSHA, then EVAL after a {@code NOSCRIPT} reply; an answer
	 * feeds the adaptive deadline and the node's last answer, a failure goes through {@link #failed}. It is settled
	 * once, by the first of its answer and its deadline ({@link CallDeadlines}); what comes later is dropped.
	 */
	private static final class ScriptCall extends CompletableFuture<List<Object>>
			implements BiConsumer<List<Object>, Throwable>, CallDeadlines.Deadlined {

		private static final AtomicIntegerFieldUpdater<ScriptCall> SETTLED = AtomicIntegerFieldUpdater
			.newUpdater(ScriptCall.class, "settled");

		private final LettuceScriptExecutor<?> executor;

		private final RedisScriptingAsyncCommands<String, String> async;

		private final RedisScript script;

		private final String[] keys;

		private final String[] args;

		private final String node;

		private final long start = System.nanoTime();

		private volatile int settled;

		private boolean loaded;

		ScriptCall(LettuceScriptExecutor<?> executor, RedisScriptingAsyncCommands<String, String> async,
				RedisScript script, String[] keys, String[] args, String node) {
			this.executor = executor;
			this.async = async;
			this.script = script;
			this.keys = keys;
			this.args = args;
			this.node = node;
		}

		void send() {
			this.async.<List<Object>>evalsha(this.script.sha1(), ScriptOutputType.MULTI, this.keys, this.args)
				.whenComplete(this);
		}

		@Override
		public void accept(List<Object> result, Throwable failure) {
			if (failure == null) {
				if (SETTLED.compareAndSet(this, 0, 1)) {
					long now = System.nanoTime();
					this.executor.deadline.onAnswer(now - this.start);
					this.executor.answers.answered(this.node, now);
					complete(result);
				}
			}
			else if (!this.loaded && isNoScript(failure)) {
				this.loaded = true;
				this.async.<List<Object>>eval(this.script.source(), ScriptOutputType.MULTI, this.keys, this.args)
					.whenComplete(this);
			}
			else {
				settleFailed(RedisCalls.unwrap(failure));
			}
		}

		@Override
		public void expire() {
			settleFailed(new TimeoutException());
		}

		@Override
		public void reject(RuntimeException reason) {
			settleFailed(reason);
		}

		private void settleFailed(Throwable failure) {
			if (SETTLED.compareAndSet(this, 0, 1)) {
				this.executor.failed(failure, this.node, this.start, this);
			}
		}

	}

	/**
	 * Fails a call; a timeout fails it as a {@link SlowAnswerException} when its node answered other
	 * calls since it started, or does within {@link #SLOW_ANSWER_GRACE_MILLIS}: a process that was too busy to
	 * read its answers for a while finds them all late at once, and the node that sent them is not down.
	 */
	private void failed(Throwable failure, String node, long start, CompletableFuture<List<Object>> call) {
		this.routing.refresh();
		if (RedisCalls.reasonOf(failure) != DegradedReason.TIMEOUT) {
			call.completeExceptionally(failure);
			return;
		}
		this.deadline.onTimeout();
		if (this.answers.answeredSince(node, start)) {
			call.completeExceptionally(slowAnswer(failure, start));
			return;
		}
		try {
			this.background.schedule(() -> call.completeExceptionally(
					this.answers.answeredSince(node, start) ? slowAnswer(failure, start) : failure),
					SLOW_ANSWER_GRACE_MILLIS, TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			call.completeExceptionally(failure);
		}
	}

	private static SlowAnswerException slowAnswer(Throwable timeout, long start) {
		return new SlowAnswerException("Redis answered other calls but not this one within "
				+ TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms", timeout);
	}

	/**
	 * Returns whether the connection is open now: opened, and not lost since (Lettuce reconnects it then).
	 * @return {@code true} while connected
	 */
	public boolean isConnected() {
		C current = this.connection.current();
		return current != null && current.isOpen();
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

	/**
	 * Opens a new connection and moves the calls to it once it is open, closing the current one: for when the
	 * server behind the connection changed roles, as a master the Sentinels replaced.
	 */
	public void reconnect() {
		this.connection.renew();
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		this.scripts.add(script);
		C current = this.connection.current();
		if (current == null) {
			return this.connection.connected().thenAccept((ignored) -> {
			});
		}
		return this.masters.loadScript(current, script.source()).thenAccept((ignored) -> {
		});
	}

	/**
	 * Reads parameters of every master's configuration now, when connected, and at each new connection, and hands
	 * what it read, or why it could not (such as an ACL that denies {@code CONFIG}), to a reader.
	 * @param pattern the parameters, such as {@code maxmemory*}
	 * @param reader hears the parameters by master, as {@link MasterCommands#configGet} names them, or the failure
	 */
	public void readConfigOnEveryConnection(String pattern,
			BiConsumer<Map<String, Map<String, String>>, Throwable> reader) {
		ConfigRead read = new ConfigRead(pattern, reader);
		this.configReads.add(read);
		C current = this.connection.current();
		if (current != null) {
			readConfig(current, read);
		}
	}

	private void readConfig(C connection, ConfigRead read) {
		CompletionStage<Map<String, Map<String, String>>> config;
		try {
			config = this.masters.configGet(connection, read.pattern());
		}
		catch (RuntimeException ex) {
			config = CompletableFuture.failedFuture(ex);
		}
		config.whenComplete((parameters, failure) -> read.reader()
			.accept(parameters, (failure != null) ? RedisCalls.unwrap(failure) : null));
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

	private void prepare(C opened) {
		if (this.connectionTimeout != null) {
			opened.setTimeout(this.connectionTimeout);
		}
		for (RedisScript script : this.scripts) {
			this.masters.loadScript(opened, script.source());
		}
		for (ConfigRead read : this.configReads) {
			readConfig(opened, read);
		}
	}

	/**
	 * Returns whether a failure is the server's {@code NOSCRIPT} error, known by its first word alone: the text after
	 * it differs between servers ({@code "NOSCRIPT No matching script. Please use EVAL."} from Redis,
	 * {@code "NOSCRIPT No matching script."} from Valkey 8).
	 */
	static boolean isNoScript(Throwable failure) {
		Throwable cause = RedisCalls.unwrap(failure);
		String message = cause.getMessage();
		return cause instanceof RedisNoScriptException
				|| (message != null && (message.equals(NOSCRIPT) || message.startsWith(NOSCRIPT + " ")));
	}

	private record ConfigRead(String pattern, BiConsumer<Map<String, Map<String, String>>, Throwable> reader) {
	}

	@Override
	public void close() {
		this.connection.close();
		this.releaseClient.run();
	}

}
