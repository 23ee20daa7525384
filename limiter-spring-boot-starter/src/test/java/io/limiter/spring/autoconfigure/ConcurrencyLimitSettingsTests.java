package io.limiter.spring.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

import io.limiter.ConcurrencyLimit;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.web.ConcurrencyLimitFilter;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code limiter.concurrency.*} and the filter rules that name its limits: what they build, and the bad settings
 * that fail start-up naming the property and the value.
 */
class ConcurrencyLimitSettingsTests {

	private static final AutoConfigurations LIMITER = AutoConfigurations.of(LimiterAutoConfiguration.class,
			LimiterWebAutoConfiguration.class);

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner().withConfiguration(LIMITER);

	@Test
	void concurrencyLimitIsBuiltFromItsSettings() {
		this.runner
			.withPropertyValues("limiter.concurrency.export.max-in-flight=3", "limiter.concurrency.export.lease=5s",
					"limiter.concurrency.export.failure-policy=fail-closed",
					"limiter.concurrency.upload.max-in-flight=1")
			.run((context) -> {
				ConcurrencyLimiters limiters = context.getBean(ConcurrencyLimiters.class);
				assertThat(limiters.get("export").limit()).isEqualTo(ConcurrencyLimit.of(3, Duration.ofSeconds(5)));
				assertThat(limiters.get("upload").limit()).isEqualTo(ConcurrencyLimit.of(1));
			});
	}

	@Test
	void filterRuleNamingAConcurrencyLimitGoesToTheConcurrencyFilter() {
		this.runner
			.withPropertyValues("limiter.concurrency.export.max-in-flight=2", "limiter.filter.rules[0].limit=export",
					"limiter.filter.rules[0].paths=/api/export")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean("limiterConcurrencyFilterRegistration", FilterRegistrationBean.class)
					.getFilter()).isInstanceOf(ConcurrencyLimitFilter.class);
			});
	}

	@Test
	void concurrencyLimitWithoutMaxInFlightFailsStartUp() {
		this.runner.withPropertyValues("limiter.concurrency.export.lease=5s")
			.run(failsWith("limiter.concurrency.export.max-in-flight", "", "max-in-flight must be set"));
	}

	@Test
	void maxInFlightOutOfRangeFailsStartUp() {
		this.runner.withPropertyValues("limiter.concurrency.export.max-in-flight=0")
			.run(failsWith("limiter.concurrency.export.max-in-flight", "0", "maxInFlight must be from 1"));
	}

	@Test
	void leaseOutOfRangeFailsStartUp() {
		this.runner
			.withPropertyValues("limiter.concurrency.export.max-in-flight=2", "limiter.concurrency.export.lease=10ms")
			.run(failsWith("limiter.concurrency.export.lease", "PT0.01S", "lease must be"));
	}

	@Test
	void nameOfARateLimitAndAConcurrencyLimitFailsStartUp() {
		this.runner
			.withPropertyValues("limiter.concurrency.export.max-in-flight=2", "limiter.limits.export.capacity=5",
					"limiter.limits.export.period=1s")
			.run(failsWith("limiter.concurrency.export", "export",
					"a name is either a rate limit or a concurrency limit"));
	}

	@Test
	void costOnAConcurrencyRuleFailsStartUp() {
		this.runner
			.withPropertyValues("limiter.concurrency.export.max-in-flight=2", "limiter.filter.rules[0].limit=export",
					"limiter.filter.rules[0].cost=2")
			.run(failsWith("limiter.filter.rules[0].cost", "2", "is a concurrency limit"));
	}

	@Test
	void countOnOnAConcurrencyRuleFailsStartUp() {
		this.runner
			.withPropertyValues("limiter.concurrency.export.max-in-flight=2", "limiter.filter.rules[0].limit=export",
					"limiter.filter.rules[0].count-on=5xx")
			.run(failsWith("limiter.filter.rules[0].count-on", "5xx", "is a concurrency limit"));
	}

}
