package io.limiter.internal.redis;

import java.util.Arrays;

import io.limiter.Algorithm;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The keys a decision sends are those of the algorithm under the limit's state key, with and without a namespace,
 * for plain, hostile and long user keys, and for several rates.
 */
class DecisionKeysTests {

	private static final String[] USER_KEYS = { "user-1", "", "a}b{c", "#hash", "x".repeat(500), "é:ü" };

	@Test
	void areTheAlgorithmsKeysOfTheStateKey() {
		for (StateKeys keys : new StateKeys[] { StateKeys.of(null), StateKeys.of("orders") }) {
			for (Algorithm algorithm : Algorithm.values()) {
				LimitAlgorithm scripts = LimitAlgorithm.of(algorithm);
				for (int rates = 1; rates <= 3; rates++) {
					for (String name : new String[] { "api", "a:b%c" }) {
						DecisionKeys decisionKeys = new DecisionKeys(keys, name, scripts, rates);
						for (String key : USER_KEYS) {
							assertThat(decisionKeys.of(key)).as("%s %s %d %s %s", keys, algorithm, rates, name, key)
								.containsExactly(scripts.redisKeys(keys.stateKey(name, key), rates));
						}
					}
				}
			}
		}
	}

	@Test
	void giveEachCallAnArrayOfItsOwn() {
		DecisionKeys keys = new DecisionKeys(StateKeys.of(null), "api", LimitAlgorithm.of(Algorithm.TOKEN_BUCKET), 1);
		String[] first = keys.of("k");
		assertThat(keys.of("k")).isNotSameAs(first).containsExactly(Arrays.copyOf(first, first.length));
	}

}
