package io.limiter.jmh;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ScenarioTests {

	@Test
	void hotKeySharesOneKeyAndPerUserGivesEachThreadItsOwn() {
		assertThat(Scenario.HOT_KEY.key("run:", 0)).isEqualTo(Scenario.HOT_KEY.key("run:", 7)).isEqualTo("run:hot");
		assertThat(Scenario.PER_USER.key("run:", 7)).isEqualTo("run:user-7");
		assertThat(Scenario.HOT_KEY.keys(64)).isEqualTo(1);
		assertThat(Scenario.PER_USER.keys(64)).isEqualTo(64);
	}

	@Test
	void parsesTheParameterNames() {
		for (Scenario scenario : Scenario.values()) {
			assertThat(Scenario.of(scenario.paramName())).isEqualTo(scenario);
		}
		assertThat(Scenario.PER_USER.paramName()).isEqualTo("per_user");
		assertThatIllegalArgumentException().isThrownBy(() -> Scenario.of("HOT"))
			.withMessage("scenario must be hot_key or per_user but was 'HOT'");
	}

}
