package io.limiter.jmh;

/**
 * The keys one benchmark thread cycles through, one per decision: a single key for {@code hot_key} and
 * {@code per_user}, a Zipf-drawn sequence for {@code many_keys}. Not thread-safe: one per thread.
 */
final class KeySequence {

	private final String[] keys;

	private final int mask;

	private int next;

	/**
	 * Wraps the keys of a thread.
	 * @param keys a power of two of keys
	 */
	KeySequence(String[] keys) {
		if (Integer.bitCount(keys.length) != 1) {
			throw new IllegalArgumentException("the number of keys must be a power of two but was " + keys.length);
		}
		this.keys = keys;
		this.mask = keys.length - 1;
	}

	/**
	 * Returns the index of the next decision's key, advancing the sequence.
	 * @return the index, for {@link #key(int)} and arrays parallel to the keys
	 */
	int next() {
		return this.next++ & this.mask;
	}

	/**
	 * Returns a key of the sequence.
	 * @param index an index from {@link #next()}
	 * @return the key
	 */
	String key(int index) {
		return this.keys[index];
	}

	/** {@return the next decision's key, advancing the sequence} */
	String nextKey() {
		return this.keys[next()];
	}

	/**
	 * Returns how many keys the sequence cycles through.
	 * @return the length, a power of two
	 */
	int length() {
		return this.keys.length;
	}

}
