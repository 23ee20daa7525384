package io.limiter.internal.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.lettuce.core.api.StatefulConnection;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterClock;
import io.limiter.integration.ThrottledLog;

/**
 * A connection that is opened in the background, with a new attempt a while after each failed one, so that an
 * application starts, and decides by its failure policy, while Redis cannot be reached. Failed attempts are
 * logged at once, with the server's reply (such as {@code WRONGPASS}), and then at most every ten seconds.
 * Once open, Lettuce's own reconnection keeps it alive.
 * @param <C> the connection type
 */
final class ReconnectingConnection<C extends StatefulConnection<String, String>> {

	private static final Duration LOG_INTERVAL = Duration.ofSeconds(10);

	private final ThrottledLog log = new ThrottledLog(System.getLogger("io.limiter"), LOG_INTERVAL,
			LimiterClock.system());

	private final Supplier<CompletionStage<C>> connector;

	private final Consumer<C> onConnect;

	private final long retryIntervalMillis;

	private final ScheduledExecutorService background;

	private final CompletableFuture<C> firstConnection = new CompletableFuture<>();

	private final CompletableFuture<Void> firstAttempt = new CompletableFuture<>();

	private volatile C connection;

	private volatile Throwable lastFailure;

	private volatile boolean closed;

	/**
	 * Creates the connection and starts the first attempt.
	 * @param connector opens a connection asynchronously
	 * @param onConnect runs once a connection is open, before it is used
	 * @param retryIntervalMillis the shortest time between two attempts
	 * @param background runs the later attempts
	 */
	ReconnectingConnection(Supplier<CompletionStage<C>> connector, Consumer<C> onConnect, long retryIntervalMillis,
			ScheduledExecutorService background) {
		this.connector = connector;
		this.onConnect = onConnect;
		this.retryIntervalMillis = retryIntervalMillis;
		this.background = background;
		attempt();
	}

	/** {@return the open connection, or {@code null} while attempts go on in the background} */
	C current() {
		return this.connection;
	}

	/**
	 * Returns why the last attempt failed.
	 * @return the failure, or {@code null}
	 */
	Throwable lastFailure() {
		return this.lastFailure;
	}

	/** {@return a stage completed once the first connection is open, for start-up checks} */
	CompletionStage<C> connected() {
		return this.firstConnection.minimalCompletionStage();
	}

	/**
	 * Returns a stage completed once the first attempt has ended: the connection is then {@linkplain #current()
	 * open} or the attempt's {@linkplain #lastFailure() failure} is known.
	 * @return the end of the first attempt
	 */
	CompletionStage<Void> firstAttemptEnded() {
		return this.firstAttempt.minimalCompletionStage();
	}

	private void attempt() {
		open(true);
	}

	/**
	 * Opens a new connection in place of the current one, which is closed once the new one is in use: for when
	 * the server that the connector reaches has changed, such as the master that Sentinels name. When the attempt
	 * fails, the current connection stays.
	 */
	void renew() {
		open(false);
	}

	private void open(boolean retryOnFailure) {
		if (this.closed) {
			return;
		}
		CompletionStage<C> pending;
		try {
			pending = this.connector.get();
		}
		catch (RuntimeException ex) {
			pending = CompletableFuture.failedFuture(ex);
		}
		pending.whenComplete((opened, failure) -> {
			if (failure == null) {
				use(opened);
				return;
			}
			LimiterBackendException logged = new LimiterBackendException(FailureDescription.of(failure), failure);
			if (retryOnFailure) {
				this.lastFailure = failure;
				this.firstAttempt.complete(null);
				this.log.warn("Cannot connect to Redis, trying again every " + this.retryIntervalMillis + " ms",
						logged);
				retryLater();
			}
			else {
				this.log.warn("Cannot open a new connection to Redis, keeping the current one", logged);
			}
		});
	}

	private synchronized void use(C opened) {
		if (this.closed) {
			opened.closeAsync();
			return;
		}
		this.onConnect.accept(opened);
		C previous = this.connection;
		this.connection = opened;
		this.lastFailure = null;
		this.firstConnection.complete(opened);
		this.firstAttempt.complete(null);
		if (previous != null) {
			previous.closeAsync();
		}
	}

	private void retryLater() {
		try {
			this.background.schedule(this::attempt, this.retryIntervalMillis, TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException ex) {
			// the backend is closing
		}
	}

	/**
	 * Closes the connection, if open, and stops further attempts.
	 */
	synchronized void close() {
		this.closed = true;
		C current = this.connection;
		if (current != null) {
			current.close();
		}
	}

}
