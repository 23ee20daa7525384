package io.limiter.spring.gateway.mvc;

import java.time.Duration;

import org.assertj.core.api.ThrowableAssertAlternative;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import io.limiter.spring.autoconfigure.InvalidLimiterPropertyException;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Bad settings of a Java route fail when the route is made, naming the setting and its value.
 */
class LimiterFilterFunctionsSettingsTests {

	private static final String WHERE = " (a route of the gateway): ";

	@Test
	void badCapacityIsNamedWithItsValue() {
		assertRefused(() -> LimiterFilterFunctions.rateLimit((c) -> c.capacity(0).period(Duration.ofSeconds(1))))
			.withMessageStartingWith("Invalid value '0' of LimiterRateLimit.capacity" + WHERE);
	}

	@Test
	void missingPeriodIsNamed() {
		assertRefused(() -> LimiterFilterFunctions.rateLimit((c) -> c.capacity(5)))
			.withMessage("Invalid value 'null' of LimiterRateLimit.period" + WHERE
					+ "period must be set, for example 1s or 500ms");
	}

	@Test
	void aLimitAndInlineSettingsTogetherAreRefused() {
		assertRefused(() -> LimiterFilterFunctions.rateLimit((c) -> c.limit("hello").capacity(5)))
			.withMessageStartingWith("Invalid value 'hello' of LimiterRateLimit.limit" + WHERE)
			.withMessageContaining("give one or the other");
	}

	@Test
	void neitherALimitNorInlineSettingsIsRefused() {
		assertRefused(() -> LimiterFilterFunctions.rateLimit((c) -> c.cost(2)))
			.withMessageStartingWith("Invalid value 'null' of LimiterRateLimit.limit" + WHERE)
			.withMessageContaining("name a limit");
	}

	@Test
	void badRateIsNamedByItsIndex() {
		assertRefused(() -> LimiterFilterFunctions
			.rateLimit((c) -> c.rate(5, Duration.ofSeconds(1)).rate(-1, Duration.ofMinutes(1))))
			.withMessageStartingWith("Invalid value '-1' of LimiterRateLimit.rates[1].capacity" + WHERE);
	}

	@Test
	void costBelowOneIsRefused() {
		assertRefused(() -> LimiterFilterFunctions.rateLimit((c) -> c.limit("hello").cost(0)))
			.withMessageStartingWith("Invalid value '0' of LimiterRateLimit.cost" + WHERE);
	}

	private static ThrowableAssertAlternative<InvalidLimiterPropertyException> assertRefused(Executable route) {
		return assertThatExceptionOfType(InvalidLimiterPropertyException.class).isThrownBy(route::execute);
	}

}
