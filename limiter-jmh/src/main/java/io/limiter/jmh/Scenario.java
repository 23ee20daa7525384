package io.limiter.jmh;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who competes for which key: every thread for one key, each thread for its own, or every thread for many keys
 * drawn with a Zipf distribution.
 */
public enum Scenario {

	/** Every thread asks for the same key: the contended case. */
	HOT_KEY,

	/** Each thread has its own key: the spread-out case of a few users. */
	PER_USER,

	/**
	 * Every thread draws from {@value #MANY_KEYS_COUNT} keys with a Zipf distribution (exponent
	 * {@value #ZIPF_EXPONENT}): an API gateway's many users, most of whom stay within their limit.
	 */
	MANY_KEYS;

	/** The number of keys of {@link #MANY_KEYS}. */
	public static final int MANY_KEYS_COUNT = 100_000;

	/** The Zipf exponent of {@link #MANY_KEYS}. */
	public static final double ZIPF_EXPONENT = 1.0;

	private static final Map<String, ZipfKeys> ZIPF_BY_PREFIX = new ConcurrentHashMap<>();

	/** How many keys one thread draws ahead for {@link #MANY_KEYS}, and then cycles through: a power of two. */
	static final int DRAWN_PER_THREAD = 1 << 17;

	/**
	 * Returns the name used in parameters and tables, {@code hot_key}, {@code per_user} or {@code many_keys}.
	 * @return the lower-case name
	 */
	public String paramName() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Returns the one key that a thread uses in {@link #HOT_KEY} and {@link #PER_USER}.
	 * @param prefix what makes the keys of one run distinct from those of other runs
	 * @param threadIndex the thread's index, from 0
	 * @return the key
	 * @throws IllegalStateException for {@link #MANY_KEYS}, whose threads use many keys
	 */
	public String key(String prefix, int threadIndex) {
		return switch (this) {
			case HOT_KEY -> prefix + "hot";
			case PER_USER -> prefix + "user-" + threadIndex;
			case MANY_KEYS -> throw new IllegalStateException("many_keys has no single key per thread");
		};
	}

	/**
	 * Returns the keys that a thread cycles through, one per decision: its one key, or for {@link #MANY_KEYS}
	 * {@value #DRAWN_PER_THREAD} keys drawn ahead with a seed of the thread's index.
	 * @param prefix what makes the keys of one run distinct from those of other runs
	 * @param threadIndex the thread's index, from 0
	 * @return the keys, a power of two of them
	 */
	public String[] keysOf(String prefix, int threadIndex) {
		if (this != MANY_KEYS) {
			return new String[] { key(prefix, threadIndex) };
		}
		return zipf(prefix).draw(threadIndex, DRAWN_PER_THREAD);
	}

	/**
	 * Returns every key of the scenario, for limiters that are created ahead.
	 * @param prefix what makes the keys of one run distinct from those of other runs
	 * @return the keys
	 */
	public String[] allKeys(String prefix) {
		if (this != MANY_KEYS) {
			throw new IllegalStateException(paramName() + " has one key per thread, not a fixed set");
		}
		return zipf(prefix).all();
	}

	/**
	 * Returns every key that {@code threads} threads use, for checks at the end of a run.
	 * @param prefix what makes the keys of one run distinct from those of other runs
	 * @param threads the number of threads
	 * @return the one key of {@link #HOT_KEY}, the key of each thread of {@link #PER_USER}, or every key of
	 * {@link #MANY_KEYS}
	 */
	public String[] everyKey(String prefix, int threads) {
		if (this == MANY_KEYS) {
			return allKeys(prefix);
		}
		String[] keys = new String[keys(threads)];
		for (int i = 0; i < keys.length; i++) {
			keys[i] = key(prefix, i);
		}
		return keys;
	}

	private static ZipfKeys zipf(String prefix) {
		return ZIPF_BY_PREFIX.computeIfAbsent(prefix, (p) -> new ZipfKeys(p, MANY_KEYS_COUNT, ZIPF_EXPONENT));
	}

	/**
	 * Returns how many keys share the load of {@code threads} threads.
	 * @param threads the number of threads
	 * @return 1 for {@link #HOT_KEY}, {@code threads} for {@link #PER_USER}, {@value #MANY_KEYS_COUNT} for
	 * {@link #MANY_KEYS}
	 */
	public int keys(int threads) {
		return switch (this) {
			case HOT_KEY -> 1;
			case PER_USER -> threads;
			case MANY_KEYS -> MANY_KEYS_COUNT;
		};
	}

	/**
	 * Parses {@code hot_key}, {@code per_user} or {@code many_keys}.
	 * @param name the name
	 * @return the scenario
	 * @throws IllegalArgumentException naming the value when it is none of them
	 */
	public static Scenario of(String name) {
		for (Scenario scenario : values()) {
			if (scenario.paramName().equals(name)) {
				return scenario;
			}
		}
		throw new IllegalArgumentException("scenario must be hot_key, per_user or many_keys but was '" + name + "'");
	}

}
