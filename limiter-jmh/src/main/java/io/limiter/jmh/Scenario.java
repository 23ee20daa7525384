package io.limiter.jmh;

import java.util.Locale;

/**
 * Who competes for a key: every thread for one key, or each thread for its own.
 */
public enum Scenario {

	/** Every thread asks for the same key: the contended case. */
	HOT_KEY,

	/** Each thread has its own key: the spread-out case of many users. */
	PER_USER;

	/**
	 * Returns the name used in parameters and tables, {@code hot_key} or {@code per_user}.
	 * @return the lower-case name
	 */
	public String paramName() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Returns the key that one thread uses.
	 * @param prefix what makes the keys of one run distinct from those of other runs
	 * @param threadIndex the thread's index, from 0
	 * @return the key
	 */
	public String key(String prefix, int threadIndex) {
		return (this == HOT_KEY) ? prefix + "hot" : prefix + "user-" + threadIndex;
	}

	/**
	 * Returns how many keys share the load of {@code threads} threads.
	 * @param threads the number of threads
	 * @return 1 for {@link #HOT_KEY}, {@code threads} for {@link #PER_USER}
	 */
	public int keys(int threads) {
		return (this == HOT_KEY) ? 1 : threads;
	}

	/**
	 * Parses {@code hot_key} or {@code per_user}.
	 * @param name the name
	 * @return the scenario
	 * @throws IllegalArgumentException naming the value when it is neither
	 */
	public static Scenario of(String name) {
		for (Scenario scenario : values()) {
			if (scenario.paramName().equals(name)) {
				return scenario;
			}
		}
		throw new IllegalArgumentException("scenario must be hot_key or per_user but was '" + name + "'");
	}

}
