package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.RateLimiterException;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * Decides one limit in Redis: one script call per decision, on the node that owns the key.
 */
public final class RedisDecisionSource implements DecisionSource {

	private static final String SERVER_TIME = "-1";

	private final String name;

	private final LimitAlgorithm algorithm;

	private final RedisScript script;

	private final ScriptExecutor executor;

	private final LimiterClock clientClock;

	private final long timeoutMillis;

	private final long limitCapacity;

	private final String capacity;

	private final String periodMillis;

	/**
	 * Creates a source.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param executor runs the scripts
	 * @param clientClock the time sent to the scripts, or {@code null} to use the server's {@code TIME}
	 * @param timeout the longest a synchronous decision waits
	 */
	public RedisDecisionSource(String name, Limit limit, ScriptExecutor executor, LimiterClock clientClock,
			Duration timeout) {
		this.name = name;
		this.algorithm = LimitAlgorithm.of(limit.algorithm());
		this.script = this.algorithm.script();
		this.executor = executor;
		this.clientClock = clientClock;
		this.timeoutMillis = timeout.toMillis();
		this.limitCapacity = limit.capacity();
		this.capacity = Long.toString(limit.capacity());
		this.periodMillis = Long.toString(limit.periodMillis());
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		try {
			return decideAsync(key, permits, maxWaitMillis).toCompletableFuture()
				.get(this.timeoutMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RateLimiterException("interrupted while deciding limit '" + this.name + "'", ex);
		}
		catch (ExecutionException ex) {
			throw failure(ex.getCause());
		}
		catch (TimeoutException ex) {
			throw failure(ex);
		}
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		String[] keys = this.algorithm.redisKeys(StateKeys.redisKey(this.name, key));
		String now = (this.clientClock != null) ? Long.toString(this.clientClock.millis()) : SERVER_TIME;
		return this.executor
			.execute(this.script, keys, this.capacity, this.periodMillis, Long.toString(permits), now,
					Long.toString(maxWaitMillis))
			.handle((reply, failure) -> {
				if (failure != null) {
					throw failure(failure);
				}
				return toDecision(reply);
			});
	}

	private RateLimiterException failure(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof RateLimiterException known) {
			return known;
		}
		if (cause instanceof TimeoutException) {
			return new RateLimiterException(
					"Redis did not decide limit '" + this.name + "' within " + this.timeoutMillis + " ms", cause);
		}
		return new RateLimiterException("Redis failed to decide limit '" + this.name + "': " + cause, cause);
	}

	private Decision toDecision(List<Object> reply) {
		long limit = this.limitCapacity;
		boolean allowed = (Long) reply.get(0) == 1;
		long remaining = (Long) reply.get(1);
		long retryAfter = (Long) reply.get(2);
		long resetAfter = (Long) reply.get(3);
		long delay = (Long) reply.get(4);
		if (!allowed) {
			return Decision.denied(limit, remaining, retryAfter, resetAfter);
		}
		return (delay > 0) ? Decision.reserved(limit, delay, resetAfter) : Decision.allowed(limit, remaining, resetAfter);
	}

}
