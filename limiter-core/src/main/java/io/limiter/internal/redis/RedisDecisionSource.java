package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * Decides one limit in Redis: one script call per decision, on the node that owns the key.
 */
public final class RedisDecisionSource implements DecisionSource {

	private static final String SERVER_TIME = "-1";

	private static final String NO_PERMITS = "0";

	private static final String READ_ONLY = "read-only";

	private final String name;

	private final LimitAlgorithm algorithm;

	private final RedisScript script;

	private final RedisScript adjustScript;

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
		this.adjustScript = this.algorithm.adjustScript();
		this.executor = executor;
		this.clientClock = clientClock;
		this.timeoutMillis = timeout.toMillis();
		this.limitCapacity = limit.capacity();
		this.capacity = Long.toString(limit.capacity());
		this.periodMillis = Long.toString(limit.periodMillis());
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		return RedisCalls.await(decideAsync(key, permits, maxWaitMillis), this.timeoutMillis, this.name);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		return call(key, new String[] { this.capacity, this.periodMillis, Long.toString(permits), now(),
				Long.toString(maxWaitMillis) });
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Runs the algorithm's script for zero permits in its read-only mode, which writes nothing.
	 */
	@Override
	public Decision peek(String key) {
		String[] args = { this.capacity, this.periodMillis, NO_PERMITS, now(), NO_PERMITS, READ_ONLY };
		return RedisCalls.await(call(key, args), this.timeoutMillis, this.name);
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		return RedisCalls.await(adjustAsync(key, operation, permits), this.timeoutMillis, this.name);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One call of the algorithm's admin script on the node that owns the key.
	 */
	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		String[] keys = this.algorithm.redisKeys(StateKeys.redisKey(this.name, key));
		String[] args = { this.capacity, this.periodMillis, Long.toString(permits), now(), operation.configName() };
		return this.executor.execute(this.adjustScript, keys, args).handle((reply, failure) -> {
			if (failure != null) {
				throw RedisCalls.failure(this.name, failure);
			}
			return AdminOperation.Outcome.APPLIED;
		});
	}

	private String now() {
		return (this.clientClock != null) ? Long.toString(this.clientClock.millis()) : SERVER_TIME;
	}

	private CompletionStage<Decision> call(String key, String[] args) {
		String[] keys = this.algorithm.redisKeys(StateKeys.redisKey(this.name, key));
		return this.executor.execute(this.script, keys, args).handle((reply, failure) -> {
			if (failure != null) {
				throw RedisCalls.failure(this.name, failure);
			}
			return toDecision(reply);
		});
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
