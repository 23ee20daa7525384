package io.limiter.internal.redis;

import java.util.List;
import java.util.concurrent.CompletionStage;

import io.limiter.LimiterObserver;

/**
 * Tells a {@link LimiterObserver} of every script call before passing it on.
 */
public final class ObservedScriptExecutor implements ScriptExecutor {

	private final ScriptExecutor delegate;

	private final LimiterObserver observer;

	/**
	 * Creates an executor.
	 * @param delegate the executor that runs the scripts
	 * @param observer told of each call
	 */
	public ObservedScriptExecutor(ScriptExecutor delegate, LimiterObserver observer) {
		this.delegate = delegate;
		this.observer = observer;
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		this.observer.onRedisCall();
		return this.delegate.execute(script, keys, args);
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		return this.delegate.load(script);
	}

	@Override
	public void close() {
		this.delegate.close();
	}

}
