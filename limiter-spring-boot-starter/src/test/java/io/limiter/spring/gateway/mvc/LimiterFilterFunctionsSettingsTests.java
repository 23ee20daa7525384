package io.limiter.spring.gateway.mvc;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Bad settings of a Java route fail when the route is made, naming the setting and its value.
 */
class LimiterFilterFunctionsSettingsTests {

	@Test
	void badCapacityIsNamedWithItsValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimiterFilterFunctions.rateLimit((c) -> c.capacity(0).period(Duration.ofSeconds(1))))
			.withMessageStartingWith("LimiterRateLimit filter: capacity = 0 is not valid: ");
	}

	@Test
	void missingPeriodIsNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> LimiterFilterFunctions.rateLimit((c) -> c.capacity(5)))
			.withMessage("LimiterRateLimit filter: period = null is not valid: period must be set, for example 1s or 500ms");
	}

	@Test
	void aLimitAndInlineSettingsTogetherAreRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimiterFilterFunctions.rateLimit((c) -> c.limit("hello").capacity(5)))
			.withMessageContaining("capacity = 5")
			.withMessageContaining("give either a limit or inline settings");
	}

	@Test
	void neitherALimitNorInlineSettingsIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> LimiterFilterFunctions.rateLimit((c) -> c.cost(2)))
			.withMessageContaining("capacity = null")
			.withMessageContaining("name a limit");
	}

	@Test
	void badRateIsNamedByItsIndex() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimiterFilterFunctions.rateLimit(
					(c) -> c.rate(5, Duration.ofSeconds(1)).rate(-1, Duration.ofMinutes(1))))
			.withMessageStartingWith("LimiterRateLimit filter: rates[1] = -1 per PT1M is not valid: ");
	}

	@Test
	void costBelowOneIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimiterFilterFunctions.rateLimit((c) -> c.limit("hello").cost(0)))
			.withMessageStartingWith("LimiterRateLimit filter: cost = 0 is not valid");
	}

}
