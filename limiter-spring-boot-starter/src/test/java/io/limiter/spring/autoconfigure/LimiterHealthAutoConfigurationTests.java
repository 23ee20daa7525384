package io.limiter.spring.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.actuate.RecentDecisions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The health's counts of recent decisions: an observer of the backend, turned off with the health, and settings
 * that fail start-up naming the property and the value.
 */
class LimiterHealthAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class))
		.withPropertyValues("limiter.limits.hello.capacity=3", "limiter.limits.hello.period=1h");

	@Test
	void theRecentDecisionsHearEveryDecisionOfTheBackend() {
		this.runner.run((context) -> {
			context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire("k");
			RecentDecisions.Counts counts = context.getBean(RecentDecisions.class).counts();
			assertThat(counts.decisions()).isEqualTo(1);
			assertThat(counts.window()).hasSeconds(30);
		});
	}

	@Test
	void turnedOffWithTheHealthIndicator() {
		this.runner.withPropertyValues("management.health.limiter.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(RecentDecisions.class)
				.doesNotHaveBean("limiterHealthIndicator"));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "window|500ms|PT0.5S|the window must be at least 1s",
			"degraded-share|0|0.0|the share must be more than 0 and at most 1",
			"degraded-share|1.5|1.5|the share must be more than 0 and at most 1",
			"minimum-degraded-decisions|0|0|the fewest degraded decisions must be at least 1" })
	void aBadSettingFailsStartUpNamingItAndItsValue(String property, String setting, String value, String reason) {
		this.runner.withPropertyValues("limiter.health." + property + "=" + setting).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining(InvalidLimiterPropertyException.class
				.getName() + ": Invalid value '" + value + "' of limiter.health." + property + ": " + reason);
		});
	}

}
