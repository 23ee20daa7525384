package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * One local benchmark thread's keys (see {@link Scenario}): the shared {@code hot} key, a {@code user-N} key of
 * its own, or a Zipf-drawn sequence of {@code many_keys}.
 */
@State(Scope.Thread)
public class LocalThread {

	private KeySequence keys;

	/**
	 * Picks the keys of this thread and creates its peers' limiters.
	 * @param params the scenario
	 * @param shared the peers
	 * @param thread this thread's parameters
	 */
	@Setup(Level.Trial)
	public void pickKeys(LimitParams params, LocalBenchmarkState shared, ThreadParams thread) {
		this.keys = new KeySequence(params.keys.keysOf("", thread.getThreadIndex()));
		for (int i = 0; i < this.keys.length(); i++) {
			shared.prepare(this.keys.key(i));
		}
	}

	/** {@return the key of the next decision} */
	String key() {
		return this.keys.nextKey();
	}

}
