package io.limiter.jmh;

import java.util.ArrayList;
import java.util.List;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Counts the commands that the Redis masters served in an iteration ({@code INFO commandstats} before and
 * after, summed over the masters) and adds them to the {@code redisCalls} of the benchmark, for variants
 * whose commands are sent inside a library. Only the sum over the threads matters, so the whole count goes to
 * one thread's counters.
 */
@State(Scope.Benchmark)
public class ServerCommandCount {

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
		this.before = this.shared.target.commandsServed();
	}

	/**
	 * Reads the counts after an iteration and adds the difference to the first enrolled thread.
	 */
	@TearDown(Level.Iteration)
	public void after() {
		long served = this.shared.target.commandsServed() - this.before;
		synchronized (this.threads) {
			if (!this.threads.isEmpty()) {
				this.threads.get(0).commands((int) Math.min(Integer.MAX_VALUE, served));
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
