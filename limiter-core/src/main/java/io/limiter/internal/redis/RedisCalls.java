package io.limiter.internal.redis;

import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;
import io.limiter.internal.failure.RetryLaterException;

/**
 * What every caller of Redis does with a reply that is late or failed: a bounded wait for the synchronous
 * API, and one exception type that names the limit and the kind of failure.
 */
public final class RedisCalls {

	/** Lettuce's message for a command refused while its connection is down and reconnecting. */
	private static final String REJECTED_WHILE_DISCONNECTED = "Commands are rejected";

	/** The error a cluster node answers a call whose keys its slot's migration has split between two masters. */
	private static final String TRY_AGAIN = "TRYAGAIN";

	private RedisCalls() {
	}

	/**
	 * Waits for a decision of a limit. The stage itself fails once the call's deadline has passed, so this wait
	 * only guards against a stage that never completes.
	 * @param <T> the result type
	 * @param stage the pending result
	 * @param timeoutMillis the longest wait
	 * @param limitName the limit, for messages
	 * @return the result
	 * @throws LimiterBackendException when the stage fails or times out, or the thread is interrupted (then with
	 * {@link DegradedReason#INTERRUPTED} and the thread's interrupt flag set again)
	 */
	public static <T> T await(CompletionStage<T> stage, long timeoutMillis, String limitName) {
		try {
			return stage.toCompletableFuture().get(timeoutMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LimiterBackendException("interrupted while deciding limit '" + limitName + "'", ex,
					DegradedReason.INTERRUPTED);
		}
		catch (ExecutionException ex) {
			throw failure(limitName, ex.getCause());
		}
		catch (TimeoutException ex) {
			throw new LimiterBackendException(
					"Redis did not decide limit '" + limitName + "' within " + timeoutMillis + " ms", ex,
					DegradedReason.TIMEOUT);
		}
	}

	/**
	 * Wraps the failure of a Redis call; a {@code TRYAGAIN} reply becomes a {@link RetryLaterException}, which opens
	 * no circuit breaker.
	 * @param limitName the limit, for the message
	 * @param failure what the call failed with, possibly wrapped in a {@link CompletionException}
	 * @return the exception to throw
	 */
	public static LimiterBackendException failure(String limitName, Throwable failure) {
		Throwable cause = unwrap(failure);
		if (cause instanceof LimiterBackendException known) {
			return known;
		}
		if (cause instanceof RedisCommandExecutionException && cause.getMessage() != null
				&& cause.getMessage().startsWith(TRY_AGAIN)) {
			return new RetryLaterException("Redis asked to try limit '" + limitName + "' again later: " + cause, cause);
		}
		DegradedReason reason = reasonOf(cause);
		if (reason == DegradedReason.TIMEOUT) {
			return new LimiterBackendException("Redis did not decide limit '" + limitName + "' in time", cause, reason);
		}
		return new LimiterBackendException("Redis failed to decide limit '" + limitName + "': " + cause, cause, reason);
	}

	/**
	 * Returns what a stage failed with, without the {@link CompletionException} that a dependent stage wraps it in.
	 * @param failure the failure
	 * @return its cause when it is such a wrapper, else the failure
	 */
	static Throwable unwrap(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

	/**
	 * Classifies the failure of a call.
	 * @param failure the failure, unwrapped
	 * @return its kind
	 */
	static DegradedReason reasonOf(Throwable failure) {
		if (failure instanceof TimeoutException || failure instanceof RedisCommandTimeoutException) {
			return DegradedReason.TIMEOUT;
		}
		if (failure instanceof RedisConnectionException || failure instanceof IOException
				|| (failure.getMessage() != null && failure.getMessage().contains(REJECTED_WHILE_DISCONNECTED))) {
			return DegradedReason.CONNECTION;
		}
		if (failure instanceof InterruptedException) {
			return DegradedReason.INTERRUPTED;
		}
		return DegradedReason.ERROR;
	}

}
