package io.limiter.jmh;

import java.util.concurrent.TimeUnit;

import io.limiter.ConcurrencyPermit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Every Redis variant side by side, against a real 3-master/3-replica cluster (its own, unless
 * {@code -p redis=...} names one), on the limit of "Scaling a Token Bucket Rate Limiter to 1M ops/sec" (burst 1000, 500 per second), with one key for all
 * threads ({@code hot_key}), one per thread ({@code per_user}) or {@value Scenario#MANY_KEYS_COUNT} keys drawn
 * with a Zipf distribution ({@code many_keys}, see {@link Scenario}):
 * <ul>
 * <li>ours: {@code defaults} (a limiter built with no options on a backend of the default failure policy and
 * timeout: the token bucket of {@code luaEvalSha} behind in-memory block, its grants charged to the fallback share),
 * {@code luaEvalSha} (token bucket script, client time), {@code luaEvalShaAsync} and
 * {@code defaultsAsync} (the same two, asynchronously, {@code inFlight} decisions outstanding),
 * {@code luaServerTime} (the same with the server's {@code TIME}), {@code gcra}, {@code fixedWindow},
 * {@code slidingWindowCounter}, {@code slidingWindowLog} (server time), {@code twoTier} and {@code inMemoryBlock}
 * (the token bucket of {@code luaEvalSha} behind the local tier, see {@link LocalTierState});</li>
 * <li>the other kinds of ours: {@code calendarDay} and {@code fixedWindowDay} (a daily quota as a calendar rate and
 * as a period, see {@link RedisQuotaState}) and {@code concurrency} (a permit taken and released, see
 * {@link ConcurrencyParams});</li>
 * <li>the baselines of "Benchmarking Token Bucket Rate Limiters": {@code multiCmd} (HMGET, compute in Java, HSET + PEXPIRE: not atomic) and
 * {@code watchMultiExec} (the same in an optimistic WATCH/MULTI/EXEC transaction, retried on abort);</li>
 * <li>batching, several decisions per Redis call: {@code luaEvalShaBatch}, {@code defaultsBatch} and
 * {@code luaEvalShaAsyncBatch}, the limiters of {@code luaEvalSha}, {@code defaults} and {@code luaEvalShaAsync} on
 * backends that send the decisions waiting for one node together (see {@link RedisBatchState});</li>
 * <li>the ceiling: {@code ceilingProbe}, the same script pipelined with nothing of the limiter around it;</li>
 * <li>the peer: {@code bucket4jLettuce} (Bucket4j's Lettuce proxy manager) and
 * {@code bucket4jLettuceOptimized} (with its delaying optimization, see
 * {@link io.limiter.jmh.peer.Bucket4jRedis}).</li>
 * </ul>
 * Secondary metrics ({@link RedisCalls}): {@code redisCalls}, {@code allowed} and {@code denied}, per
 * iteration. Run for example:
 * <pre>
 * java -jar limiter-jmh/target/benchmarks.jar RedisLimiterBenchmark -t 16 -p scenario=per_user -rf json -rff jmh.json
 * </pre>
 * and for ratios that hold on a noisy machine, {@link Ratios}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class RedisLimiterBenchmark {

	/**
	 * Our token bucket script, EVALSHA with the client's time.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean luaEvalSha(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.luaClientTime.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * A limiter built with no options ({@code backend.limiter(name, limit)}): the token bucket of
	 * {@code luaEvalSha} behind the default local tier, in-memory block, which refuses a blocked key without a
	 * call; any other decision is the one script call of {@code luaEvalSha}.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean defaults(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decidedBehindBlock(shared.defaults.tryAcquire(thread.key()));
	}

	/**
	 * The limiter of {@code luaEvalSha} called asynchronously, with {@code inFlight} decisions outstanding over
	 * all threads (see {@link AsyncWindow}).
	 * @param shared the variants
	 * @param window the thread's decisions in flight
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the decision retired was a grant
	 */
	@Benchmark
	public boolean luaEvalShaAsync(RedisBenchmarkState shared, AsyncWindow window, BenchmarkThread thread,
			RedisCalls calls) {
		return window.decide(shared.luaClientTime, thread.key(), calls);
	}

	/**
	 * The limiter of {@code defaults} called asynchronously, with {@code inFlight} decisions outstanding over all
	 * threads (see {@link AsyncWindow}): the default path as a reactive gateway calls it.
	 * @param shared the variants
	 * @param window the thread's decisions in flight
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the decision retired was a grant
	 */
	@Benchmark
	public boolean defaultsAsync(RedisBenchmarkState shared, AsyncWindow window, BenchmarkThread thread,
			RedisCalls calls) {
		return window.decide(shared.defaults, thread.key(), calls);
	}

	/**
	 * The limiter of {@code luaEvalSha} on a backend that batches: decisions waiting for the same node leave together,
	 * one call of the script's batch form (see {@link RedisBatchState}).
	 * @param batch the batching variants
	 * @param thread the thread's key
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean luaEvalShaBatch(RedisBatchState batch, BenchmarkThread thread, SentCountedThread counted,
			SentCommandCount count) {
		return counted.calls.decided(batch.luaClientTime.tryAcquire(thread.key()).isAllowed());
	}

	/**
	 * The limiter of {@code defaults} on a backend that batches (see {@link RedisBatchState}).
	 * @param batch the batching variants
	 * @param thread the thread's key
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean defaultsBatch(RedisBatchState batch, BenchmarkThread thread, SentCountedThread counted,
			SentCommandCount count) {
		return counted.calls.decided(batch.defaults.tryAcquire(thread.key()).isAllowed());
	}

	/**
	 * The limiter of {@code luaEvalShaAsync} on a backend that batches, {@code inFlight} decisions outstanding (see
	 * {@link RedisBatchState} and {@link AsyncWindow}).
	 * @param batch the batching variants
	 * @param window the thread's decisions in flight
	 * @param thread the thread's key
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the decision retired was a grant
	 */
	@Benchmark
	public boolean luaEvalShaAsyncBatch(RedisBatchState batch, AsyncWindow window, BenchmarkThread thread,
			SentCountedThread counted, SentCommandCount count) {
		return window.decide(batch.luaClientTime, thread.key(), counted.calls, 0);
	}

	/**
	 * The Redis ceiling: the script of {@code luaEvalSha} pipelined as {@code redis-benchmark} does, with none
	 * of the limiter around it (see {@link CeilingProbe}).
	 * @param probe the thread's pipeline
	 * @param thread the thread's keys
	 * @param calls the counters
	 * @return the grants
	 */
	@Benchmark
	@OperationsPerInvocation(CeilingProbe.PIPELINE)
	public int ceilingProbe(CeilingProbe probe, BenchmarkThread thread, RedisCalls calls) {
		return probe.decide(thread.keys, calls);
	}

	/**
	 * Our token bucket script with the server's {@code TIME}.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean luaServerTime(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.luaServerTime.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our GCRA script.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean gcra(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.gcra.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our fixed window script.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean fixedWindow(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.fixedWindow.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our fixed window script on a calendar quota: {@code burst} permits per calendar day in UTC (see
	 * {@link RedisQuotaState}); past the first {@code burst}, every decision is a denial.
	 * @param quotas the quota variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean calendarDay(RedisQuotaState quotas, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(quotas.calendarDay.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our fixed window script on the quota of {@code calendarDay} as a period of one day: the same windows,
	 * without the calendar.
	 * @param quotas the quota variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean fixedWindowDay(RedisQuotaState quotas, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(quotas.fixedWindowDay.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our concurrency limiter: takes a permit of the key and closes it (see {@link ConcurrencyParams} for what each
	 * {@code maxInFlight} measures). A take is a script call, which carries the releases queued for its hash slot, so
	 * a thread's release travels with its next take; a release that no take carries, and the lease renewals, are sent
	 * in the background, so the clients count the calls.
	 * @param ours the limiter
	 * @param thread the thread's key
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean concurrency(RedisConcurrencyState ours, BenchmarkThread thread, SentCountedThread counted,
			SentCommandCount count) {
		try (ConcurrencyPermit permit = ours.limiter.tryAcquire(thread.key())) {
			return counted.calls.decided(permit.isAllowed());
		}
	}

	/**
	 * Our sliding window counter script.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean slidingWindowCounter(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.slidingWindowCounter.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our sliding window log script.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean slidingWindowLog(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.slidingWindowLog.tryAcquire(thread.key()).isAllowed(), 1);
	}

	/**
	 * Our token bucket behind two-tier borrowing: most decisions are made from tokens borrowed in batches,
	 * or from Redis' last retry deadline, without a network call.
	 * Its borrows and give-backs are sent from whichever thread needs them, so the clients count them.
	 * @param local the local tier variants
	 * @param thread the thread's key
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean twoTier(LocalTierState local, BenchmarkThread thread, SentCountedThread counted,
			SentCommandCount count) {
		return counted.calls.decided(local.twoTier.tryAcquire(thread.key()).isAllowed());
	}

	/**
	 * Our token bucket behind in-memory block: keys that Redis refused are refused in memory until its
	 * retry-after; any other decision is one script call.
	 * @param local the local tier variants
	 * @param thread the thread's key
	 * @param calls the counters
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean inMemoryBlock(LocalTierState local, BenchmarkThread thread, RedisCalls calls) {
		return calls.decidedBehindBlock(local.inMemoryBlock.tryAcquire(thread.key()));
	}

	/**
	 * The non-atomic baseline of "Benchmarking Token Bucket Rate Limiters": HMGET, compute in Java, HSET and PEXPIRE.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters, which also receive the commands sent
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean multiCmd(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.multiCmd.tryAcquire(thread.baselineKey(), calls));
	}

	/**
	 * The optimistic baseline of "Benchmarking Token Bucket Rate Limiters": WATCH, HMGET, compute, MULTI/HSET/PEXPIRE/EXEC, again on abort.
	 * @param shared the variants
	 * @param thread the thread's key
	 * @param calls the counters, which also receive the commands sent
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean watchMultiExec(RedisBenchmarkState shared, BenchmarkThread thread, RedisCalls calls) {
		return calls.decided(shared.watchMultiExec.tryAcquire(thread.baselineKey(), calls));
	}

	/**
	 * Bucket4j's Lettuce proxy manager, plain: read the state, compute, compare-and-swap, per request.
	 * @param thread the thread's buckets
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean bucket4jLettuce(Bucket4jThread thread, SentCountedThread counted,
			SentCommandCount count) {
		return counted.calls.decided(thread.plain().tryConsume(1));
	}

	/**
	 * Bucket4j's Lettuce proxy manager with its delaying optimization.
	 * @param thread the thread's buckets
	 * @param counted the thread's counters, enrolled with the count of sent commands
	 * @param count the count of sent commands
	 * @return whether the permit was granted
	 */
	@Benchmark
	public boolean bucket4jLettuceOptimized(Bucket4jThread thread, SentCountedThread counted,
			SentCommandCount count) {
		return counted.calls.decided(thread.optimized().tryConsume(1));
	}

}
