package io.limiter.spring.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The key settings of a filter rule, {@code empty-key}, {@code empty-key-status} and {@code ipv6-prefix-length},
 * checked at start-up on both stacks with an error that names the property and the value.
 */
class FilterRuleKeySettingsTests {

	private static final String[] RULE = { "limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s",
			"limiter.filter.rules[0].limit=hello" };

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterWebAutoConfiguration.class))
		.withPropertyValues(RULE);

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterWebFluxAutoConfiguration.class))
		.withPropertyValues(RULE);

	@Test
	void everyEmptyKeyAnswerStarts() {
		for (String answer : new String[] { "client-address", "deny", "share" }) {
			this.servlet.withPropertyValues("limiter.filter.rules[0].key=header:X-Api-Key",
					"limiter.filter.rules[0].empty-key=" + answer)
				.run((context) -> assertThat(context).hasNotFailed());
		}
	}

	@Test
	void emptyKeyStatusMustBeAnErrorStatus() {
		this.servlet
			.withPropertyValues("limiter.filter.rules[0].empty-key=deny",
					"limiter.filter.rules[0].empty-key-status=302")
			.run(failsWith("limiter.filter.rules[0].empty-key-status", "302", "from 400 to 599"));
		this.reactive
			.withPropertyValues("limiter.filter.rules[0].empty-key=deny",
					"limiter.filter.rules[0].empty-key-status=600")
			.run(failsWith("limiter.filter.rules[0].empty-key-status", "600", "from 400 to 599"));
	}

	@Test
	void ipv6PrefixLengthOfARuleMustBeAPrefixLength() {
		this.servlet.withPropertyValues("limiter.filter.rules[0].ipv6-prefix-length=48")
			.run((context) -> assertThat(context).hasNotFailed());
		this.servlet.withPropertyValues("limiter.filter.rules[0].ipv6-prefix-length=0")
			.run(failsWith("limiter.filter.rules[0].ipv6-prefix-length", "0", "between 1 and 128"));
		this.reactive.withPropertyValues("limiter.filter.rules[0].ipv6-prefix-length=129")
			.run(failsWith("limiter.filter.rules[0].ipv6-prefix-length", "129", "between 1 and 128"));
		this.servlet.withPropertyValues("limiter.filter.client-address.ipv6-prefix-length=200")
			.run(failsWith("limiter.filter.client-address.ipv6-prefix-length", "200", "between 1 and 128"));
	}

	@Test
	void ipv6PrefixLengthOfARuleThatNeverKeysByClientAddressIsRefused() {
		this.servlet.withPropertyValues("limiter.filter.rules[0].key='everyone'",
				"limiter.filter.rules[0].ipv6-prefix-length=48")
			.run(failsWith("limiter.filter.rules[0].ipv6-prefix-length", "48", "never keys a request by its client"));
		this.reactive.withPropertyValues("limiter.filter.rules[0].key=header:X-Api-Key",
				"limiter.filter.rules[0].empty-key=deny", "limiter.filter.rules[0].ipv6-prefix-length=48")
			.run(failsWith("limiter.filter.rules[0].ipv6-prefix-length", "48", "never keys a request by its client"));
	}

}
