package io.limiter.internal.local;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * A real {@link ScriptExecutor} that also counts: the calls of each script, and the most calls in flight at
 * once for one key.
 */
final class CountingScriptExecutor implements ScriptExecutor {

	private final ScriptExecutor executor;

	private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

	private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();

	private final AtomicInteger mostInFlightPerKey = new AtomicInteger();

	CountingScriptExecutor(ScriptExecutor executor) {
		this.executor = executor;
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		this.calls.computeIfAbsent(script.name(), (name) -> new AtomicLong()).incrementAndGet();
		AtomicInteger running = this.inFlight.computeIfAbsent(keys[0], (key) -> new AtomicInteger());
		this.mostInFlightPerKey.accumulateAndGet(running.incrementAndGet(), Math::max);
		return this.executor.execute(script, keys, args).whenComplete((reply, failure) -> running.decrementAndGet());
	}

	@Override
	public CompletionStage<Void> load(RedisScript script) {
		return this.executor.load(script);
	}

	@Override
	public void close() {
		this.executor.close();
	}

	/**
	 * Returns the calls of one script so far.
	 * @param scriptName the script's file name
	 * @return the number of calls
	 */
	long calls(String scriptName) {
		AtomicLong count = this.calls.get(scriptName);
		return (count != null) ? count.get() : 0;
	}

	/**
	 * Returns the calls of every script so far.
	 * @return the number of calls
	 */
	long calls() {
		return this.calls.values().stream().mapToLong(AtomicLong::get).sum();
	}

	/**
	 * Returns the most calls that were in flight at once for one key.
	 * @return the largest concurrency seen for a key
	 */
	int mostInFlightPerKey() {
		return this.mostInFlightPerKey.get();
	}

}
