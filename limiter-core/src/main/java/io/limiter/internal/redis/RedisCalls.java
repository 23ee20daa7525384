package io.limiter.internal.redis;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.limiter.RateLimiterException;

/**
 * What every caller of Redis does with a reply that is late or failed: a bounded wait for the synchronous
 * API, and one exception type that names the limit.
 */
public final class RedisCalls {

	private RedisCalls() {
	}

	/**
	 * Waits for a decision of a limit, at most the backend's timeout.
	 * @param <T> the result type
	 * @param stage the pending result
	 * @param timeoutMillis the longest wait
	 * @param limitName the limit, for messages
	 * @return the result
	 * @throws RateLimiterException when the stage fails, times out or the thread is interrupted
	 */
	public static <T> T await(CompletionStage<T> stage, long timeoutMillis, String limitName) {
		try {
			return stage.toCompletableFuture().get(timeoutMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RateLimiterException("interrupted while deciding limit '" + limitName + "'", ex);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RateLimiterException failure) ? failure : failure(limitName, ex.getCause());
		}
		catch (TimeoutException ex) {
			throw timedOut(limitName, timeoutMillis, ex);
		}
	}

	/**
	 * Wraps the failure of a Redis call.
	 * @param limitName the limit, for the message
	 * @param failure what the call failed with, possibly wrapped in a {@link CompletionException}
	 * @return the exception to throw
	 */
	public static RateLimiterException failure(String limitName, Throwable failure) {
		if (failure instanceof RateLimiterException known) {
			return known;
		}
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof RateLimiterException known) {
			return known;
		}
		if (cause instanceof TimeoutException) {
			return new RateLimiterException("Redis did not decide limit '" + limitName + "' in time", cause);
		}
		return new RateLimiterException("Redis failed to decide limit '" + limitName + "': " + cause, cause);
	}

	private static RateLimiterException timedOut(String limitName, long timeoutMillis, TimeoutException timeout) {
		return new RateLimiterException(
				"Redis did not decide limit '" + limitName + "' within " + timeoutMillis + " ms", timeout);
	}

}
