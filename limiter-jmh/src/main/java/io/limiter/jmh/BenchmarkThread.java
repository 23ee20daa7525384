package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * One Redis benchmark thread's keys (see {@link Scenario}): the shared {@code hot} key, a {@code user-N} key
 * of its own, or a Zipf-drawn sequence of {@code many_keys}; and the same keys under the baselines' prefix.
 */
@State(Scope.Thread)
public class BenchmarkThread {

	private static final String BASELINE_PREFIX = "bench:baseline:";

	KeySequence keys;

	private KeySequence baselineKeys;

	/**
	 * Picks the keys of this thread.
	 * @param params the scenario
	 * @param thread this thread's parameters
	 */
	@Setup(Level.Trial)
	public void pickKeys(LimitParams params, ThreadParams thread) {
		this.keys = new KeySequence(params.keys.keysOf("", thread.getThreadIndex()));
		this.baselineKeys = new KeySequence(params.keys.keysOf(BASELINE_PREFIX, thread.getThreadIndex()));
	}

	/** {@return the key of the next decision} */
	String key() {
		return this.keys.nextKey();
	}

	/** {@return the key of the next decision of a baseline, under the baselines' own prefix} */
	String baselineKey() {
		return this.baselineKeys.nextKey();
	}

}
