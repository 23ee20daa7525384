package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * One local benchmark thread's key, the shared {@code hot} key or a {@code user-N} key of its own.
 */
@State(Scope.Thread)
public class LocalThread {

	String key;

	/**
	 * Picks the key of this thread and creates its peers' limiters.
	 * @param params the scenario
	 * @param shared the peers
	 * @param thread this thread's parameters
	 */
	@Setup(Level.Trial)
	public void pickKey(LimitParams params, LocalBenchmarkState shared, ThreadParams thread) {
		this.key = params.keys.key("", thread.getThreadIndex());
		shared.prepare(this.key);
	}

}
