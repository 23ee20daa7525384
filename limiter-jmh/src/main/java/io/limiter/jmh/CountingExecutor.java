package io.limiter.jmh;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * A real {@link ScriptExecutor} that counts the scripts sent, for variants whose calls do not happen once per
 * request (the local tier borrows on some requests, from whichever thread is first, and sometimes from a
 * Netty thread). Benchmark threads {@linkplain #claim() claim} the calls not yet counted, so that each call
 * lands in exactly one thread's {@code redisCalls}.
 */
final class CountingExecutor implements ScriptExecutor {

	private final ScriptExecutor executor;

	private final AtomicLong unclaimed = new AtomicLong();

	CountingExecutor(ScriptExecutor executor) {
		this.executor = executor;
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		this.unclaimed.incrementAndGet();
		return this.executor.execute(script, keys, args);
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		return this.executor.load(script);
	}

	/**
	 * Takes the calls sent since the last claim; a plain read when there are none, so that claiming on every
	 * request costs next to nothing.
	 * @return the calls claimed
	 */
	int claim() {
		return (this.unclaimed.get() == 0) ? 0 : (int) this.unclaimed.getAndSet(0);
	}

	@Override
	public void close() {
		this.executor.close();
	}

}
