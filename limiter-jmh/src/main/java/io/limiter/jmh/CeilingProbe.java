package io.limiter.jmh;

import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.RedisFuture;
import io.limiter.Algorithm;
import io.limiter.LimiterClock;
import io.limiter.internal.benchmark.BenchmarkAccess;
import io.limiter.jmh.redis.Pipeline;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The Redis ceiling of a run: our token bucket script sent as {@code redis-benchmark} sends commands, pipelined
 * {@value #PIPELINE} at a time on a connection of the thread's own, with the keys and arguments a decision of
 * {@code luaEvalSha} sends (client time) and nothing of the limiter around it. What the servers and one client
 * JVM can do at best on this machine, against which the limiter's share is read.
 */
@State(Scope.Thread)
public class CeilingProbe {

	/** The script calls sent per flush, and the operations of one benchmark invocation. */
	public static final int PIPELINE = 64;

	private final List<RedisFuture<List<Object>>> replies = new ArrayList<>(PIPELINE);

	private Pipeline pipeline;

	private String capacity;

	private String periodMillis;

	/**
	 * Opens the thread's pipeline; the benchmark's backends have loaded the script on every master.
	 * @param shared the benchmark's Redis and limit
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared) {
		this.pipeline = new Pipeline(shared.target);
		this.capacity = Long.toString(shared.limit.burst());
		this.periodMillis = Long.toString(shared.limit.period().toMillis());
	}

	/**
	 * Sends {@value #PIPELINE} decisions in one flush and waits for their replies.
	 * @param keys the thread's keys
	 * @param calls counts every reply as one call and one decision
	 * @return the grants
	 */
	int decide(KeySequence keys, RedisCalls calls) {
		String script = BenchmarkAccess.decisionScriptSha1(Algorithm.TOKEN_BUCKET);
		for (int i = 0; i < PIPELINE; i++) {
			String[] redisKeys = BenchmarkAccess.decisionKeys(Algorithm.TOKEN_BUCKET, RedisBenchmarkState.LIMIT_NAME,
					keys.nextKey());
			this.replies.add(this.pipeline.evalsha(script, redisKeys, this.capacity, this.periodMillis, "1",
					Long.toString(LimiterClock.system().millis()), "0"));
		}
		this.pipeline.flush();
		int granted = 0;
		for (RedisFuture<List<Object>> reply : this.replies) {
			if (calls.decided((Long) reply.toCompletableFuture().join().get(0) == 1, 1)) {
				granted++;
			}
		}
		this.replies.clear();
		return granted;
	}

}
