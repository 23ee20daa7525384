package io.limiter.spring.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The key settings of a filter rule, {@code empty-key}, {@code empty-key-status} and {@code ipv6-prefix-length},
 * and the forwarded-headers strategies under which a key made of the client's address has no trust boundary,
 * checked at start-up on both stacks with an error that names the property and the value.
 */
class FilterRuleKeySettingsTests {

	private static final String STRATEGY = "server.forward-headers-strategy";

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


	@Test
	void trustedProxiesBesideTheServersOwnResolutionFailStartUp() {
		this.servlet
			.withPropertyValues("server.forward-headers-strategy=native",
					"server.tomcat.remoteip.internal-proxies=10\\.0\\.0\\.1",
					"limiter.filter.trusted-proxies=10.0.0.0/8")
			.run(failsWith("limiter.filter.trusted-proxies", "10.0.0.0/8", "server.forward-headers-strategy=native"));
	}

	@Test
	void springsFilterWithoutTrustedProxiesFailsStartUp() {
		this.servlet.withPropertyValues("server.forward-headers-strategy=framework")
			.run(failsWith(STRATEGY, STRATEGY + "=framework",
					"limiter.filter.rules[0] keys requests by their client address (its key 'ip'), and with "
							+ STRATEGY + "=framework, the limiter reads the request as the server received it and "
							+ "believes X-Forwarded-For only from limiter.filter.trusted-proxies, which is empty"));
	}

	@Test
	void tomcatBelievingEveryPrivateAddressFailsStartUp() {
		this.servlet.withPropertyValues("server.forward-headers-strategy=native")
			.run(failsWith(STRATEGY, STRATEGY + "=native", "Tomcat believes X-Forwarded-For from every private and "
					+ "loopback address unless server.tomcat.remoteip.internal-proxies names the proxies"));
		this.servlet.withPropertyValues("spring.main.cloud-platform=kubernetes")
			.run(failsWith(STRATEGY, STRATEGY + "=native (Spring Boot's default on KUBERNETES)",
					"every private and loopback address"));
		this.servlet
			.withPropertyValues("server.forward-headers-strategy=native",
					"server.tomcat.remoteip.internal-proxies=10\\.0\\.0\\.1")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void webFluxResolvingForwardedHeadersFailsStartUp() {
		this.reactive.withPropertyValues("server.forward-headers-strategy=framework")
			.run(failsWith(STRATEGY, STRATEGY + "=framework", "Spring replaces the client's address with the leftmost "
					+ "X-Forwarded-For hop, which any client writes, before any filter sees the request; set "
					+ STRATEGY + "=none and list the proxies"));
		this.reactive.withPropertyValues("server.forward-headers-strategy=native")
			.run(failsWith(STRATEGY, STRATEGY + "=native", "the server takes the leftmost X-Forwarded-For hop"));
		this.reactive
			.withPropertyValues("server.forward-headers-strategy=none", "limiter.filter.trusted-proxies=10.0.0.1")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void rulesThatNeverKeyByClientAddressStartUnderAnyStrategy() {
		this.reactive
			.withPropertyValues("server.forward-headers-strategy=framework", "limiter.filter.rules[0].key='everyone'")
			.run((context) -> assertThat(context).hasNotFailed());
		this.servlet
			.withPropertyValues("server.forward-headers-strategy=native",
					"limiter.filter.rules[0].key=header:X-Api-Key",
					"limiter.filter.rules[0].empty-key=deny")
			.run((context) -> assertThat(context).hasNotFailed());
		this.reactive
			.withPropertyValues("server.forward-headers-strategy=native",
					"limiter.filter.rules[0].key=header:X-Api-Key")
			.run(failsWith(STRATEGY, STRATEGY + "=native",
					"a request that lacks its key 'header:X-Api-Key' under empty-key client-address"));
	}

}
