package io.limiter.spring.internal;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;

import io.limiter.testsupport.LogCapture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SkipCondition}: only {@code true} skips the limit; an expression that fails or gives anything else applies
 * it, and a failing one writes one warning per second, not one per request.
 */
class SkipConditionTests {

	private static final String WHERE = "limiter.filter.rules[0].skip-if";

	private final StandardEvaluationContext context = new StandardEvaluationContext(Map.of("internal", "yes"));

	@Test
	void holdsOnlyWhenTheExpressionGivesTrue() {
		assertThat(condition("['internal'] == 'yes'").holds(this.context)).isTrue();
		assertThat(condition("['internal'] == 'no'").holds(this.context)).isFalse();
		assertThat(condition("'true'").holds(this.context)).as("a string converted to true").isTrue();
		assertThat(condition("null").holds(this.context)).isFalse();
	}

	@Test
	void aFailingExpressionAppliesTheLimitAndIsLoggedOncePerSecond() {
		SkipCondition failing = condition("['internal'].noSuchMethod()");
		try (LogCapture log = new LogCapture()) {
			for (int i = 0; i < 50; i++) {
				assertThat(failing.holds(this.context)).isFalse();
			}
			assertThat(log.lines()).singleElement()
				.satisfies((line) -> assertThat(line).startsWith("WARNING " + WHERE
						+ " '['internal'].noSuchMethod()' failed, so the limit applies: "));
		}
	}

	@Test
	void neverIsNotSetAndNeverHolds() {
		assertThat(SkipCondition.NEVER.isSet()).isFalse();
		assertThat(SkipCondition.NEVER.holds(this.context)).isFalse();
		assertThat(condition("true").isSet()).isTrue();
	}

	private static SkipCondition condition(String expression) {
		return new SkipCondition(new SpelExpressionParser().parseExpression(expression), WHERE);
	}

}
