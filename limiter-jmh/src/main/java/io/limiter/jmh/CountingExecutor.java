package io.limiter.jmh;

import java.util.List;
import java.util.concurrent.CompletionStage;

import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * A real {@link ScriptExecutor} that counts the scripts sent as {@link UnclaimedCalls}.
 */
final class CountingExecutor implements ScriptExecutor {

	private final ScriptExecutor executor;

	private final UnclaimedCalls unclaimed = new UnclaimedCalls();

	CountingExecutor(ScriptExecutor executor) {
		this.executor = executor;
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		this.unclaimed.sent();
		return this.executor.execute(script, keys, args);
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		return this.executor.load(script);
	}

	/**
	 * Takes the calls sent since the last claim.
	 * @return the calls claimed
	 */
	int claim() {
		return this.unclaimed.claim();
	}

	@Override
	public void close() {
		this.executor.close();
	}

}
