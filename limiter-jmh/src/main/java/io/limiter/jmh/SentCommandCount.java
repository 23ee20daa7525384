package io.limiter.jmh;

import java.util.ArrayList;
import java.util.List;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Counts the commands that the benchmark's Redis clients sent in an iteration
 * ({@link io.limiter.jmh.redis.RedisTarget#commandsSent()} before and after) and adds them to the {@code redisCalls}
 * of the benchmark, for variants whose commands are sent inside a library or from whichever thread needs them. Only
 * the sum over the threads matters, so the whole count goes to one thread's counters. One variant runs per fork, so
 * the count is that variant's.
 */
@State(Scope.Benchmark)
public class SentCommandCount {

	private final List<RedisCalls> threads = new ArrayList<>();

	private RedisBenchmarkState shared;

	private long before;

	/**
	 * Binds to the benchmark's Redis.
	 * @param shared the benchmark's state
	 */
	@Setup(Level.Trial)
	public void bind(RedisBenchmarkState shared) {
		this.shared = shared;
	}

	/**
	 * Reads the counts before an iteration.
	 */
	@Setup(Level.Iteration)
	public void before() {
		this.before = this.shared.target.commandsSent();
	}

	/**
	 * Reads the counts after an iteration and adds the difference to the first enrolled thread.
	 */
	@TearDown(Level.Iteration)
	public void after() {
		long sent = this.shared.target.commandsSent() - this.before;
		synchronized (this.threads) {
			if (!this.threads.isEmpty()) {
				this.threads.get(0).commands((int) Math.min(Integer.MAX_VALUE, sent));
			}
		}
	}

	/**
	 * Enrolls a thread's counters.
	 * @param calls the counters
	 */
	void enroll(RedisCalls calls) {
		synchronized (this.threads) {
			this.threads.add(calls);
		}
	}

}
