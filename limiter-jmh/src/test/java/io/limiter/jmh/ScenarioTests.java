package io.limiter.jmh;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class ScenarioTests {

	@Test
	void hotKeySharesOneKeyAndPerUserGivesEachThreadItsOwn() {
		assertThat(Scenario.HOT_KEY.key("run:", 0)).isEqualTo(Scenario.HOT_KEY.key("run:", 7)).isEqualTo("run:hot");
		assertThat(Scenario.PER_USER.key("run:", 7)).isEqualTo("run:user-7");
		assertThat(Scenario.PER_USER.keysOf("run:", 7)).containsExactly("run:user-7");
		assertThat(Scenario.HOT_KEY.keys(64)).isEqualTo(1);
		assertThat(Scenario.PER_USER.keys(64)).isEqualTo(64);
	}

	@Test
	void manyKeysDrawsEachThreadsSequenceFromTheSameHundredThousandKeys() {
		String[] first = Scenario.MANY_KEYS.keysOf("run:", 0);
		String[] again = Scenario.MANY_KEYS.keysOf("run:", 0);
		String[] second = Scenario.MANY_KEYS.keysOf("run:", 1);
		assertThat(first).hasSize(Scenario.DRAWN_PER_THREAD).isEqualTo(again).isNotEqualTo(second);
		Set<String> all = new HashSet<>(Arrays.asList(Scenario.MANY_KEYS.allKeys("run:")));
		assertThat(all).hasSize(Scenario.MANY_KEYS_COUNT).contains("run:key-1", "run:key-100000");
		// AssertJ's containsAll scans the actual set once per element: a set difference keeps this linear
		Set<String> drawnButUnknown = new HashSet<>(Arrays.asList(first));
		drawnButUnknown.addAll(Arrays.asList(second));
		drawnButUnknown.removeAll(all);
		assertThat(drawnButUnknown).isEmpty();
		assertThat(new HashSet<>(Arrays.asList(first)).size()).isGreaterThan(10_000);
		assertThat(Scenario.MANY_KEYS.keys(16)).isEqualTo(100_000);
		assertThatIllegalStateException().isThrownBy(() -> Scenario.MANY_KEYS.key("run:", 0));
		assertThatIllegalStateException().isThrownBy(() -> Scenario.HOT_KEY.allKeys("run:"));
	}

	@Test
	void everyKeyIsTheKeysThatTheThreadsOfARunUse() {
		assertThat(Scenario.HOT_KEY.everyKey("run:", 16)).containsExactly("run:hot");
		assertThat(Scenario.PER_USER.everyKey("run:", 3)).containsExactly("run:user-0", "run:user-1", "run:user-2");
		assertThat(Scenario.MANY_KEYS.everyKey("run:", 16)).hasSize(Scenario.MANY_KEYS_COUNT)
			.contains(Scenario.MANY_KEYS.keysOf("run:", 15)[0]);
	}

	@Test
	void parsesTheParameterNames() {
		for (Scenario scenario : Scenario.values()) {
			assertThat(Scenario.of(scenario.paramName())).isEqualTo(scenario);
		}
		assertThat(Scenario.PER_USER.paramName()).isEqualTo("per_user");
		assertThat(Scenario.MANY_KEYS.paramName()).isEqualTo("many_keys");
		assertThatIllegalArgumentException().isThrownBy(() -> Scenario.of("HOT"))
			.withMessage("scenario must be hot_key, per_user or many_keys but was 'HOT'");
	}

}
