package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Marks a benchmark thread whose Redis commands are counted where the clients send them: enrolls its counters with
 * {@link SentCommandCount}.
 */
@State(Scope.Thread)
public class SentCountedThread {

	RedisCalls calls;

	/**
	 * Enrolls this thread's counters.
	 * @param count the benchmark's server-side count
	 * @param calls this thread's counters
	 */
	@Setup(Level.Trial)
	public void enroll(SentCommandCount count, RedisCalls calls) {
		this.calls = calls;
		count.enroll(calls);
	}

}
