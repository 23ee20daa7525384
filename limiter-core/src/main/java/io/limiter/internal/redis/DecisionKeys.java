package io.limiter.internal.redis;

import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * The Redis keys of a limit's decisions, built with one concatenation per key: the namespace, the hash tag's limit
 * name and the algorithm's suffix around the user key are joined once, the same keys as
 * {@link LimitAlgorithm#redisKeys(String, int)} of {@link StateKeys#stateKey(String, String)}.
 */
final class DecisionKeys {

	private final String head;

	private final String tail;

	private final int rates;

	DecisionKeys(StateKeys keys, String name, LimitAlgorithm algorithm, int rates) {
		String empty = keys.stateKey(name, "");
		String first = algorithm.redisKeys(empty, 1)[0];
		// the tag of the empty user key closes right after the name: the user key goes before that brace
		this.head = empty.substring(0, empty.length() - 1);
		this.tail = first.substring(this.head.length());
		this.rates = rates;
	}

	/**
	 * Returns the keys of a user key, one per rate.
	 * @param key the user's key
	 * @return the keys, in the order of the limit's rates
	 */
	String[] of(String key) {
		String first = this.head + StateKeys.encode(key) + this.tail;
		if (this.rates == 1) {
			return new String[] { first };
		}
		String[] keys = new String[this.rates];
		keys[0] = first;
		for (int i = 1; i < this.rates; i++) {
			keys[i] = first + ':' + i;
		}
		return keys;
	}

}
