package io.limiter.spring.autoconfigure;

import java.util.List;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.http.RuleExpressionContexts;
import io.limiter.spring.internal.reactive.RateLimitWebFilter;
import io.limiter.spring.internal.reactive.ReactiveFutures;
import io.limiter.spring.internal.reactive.ReactiveRateLimitExceededHandler;
import io.limiter.spring.internal.reactive.ReactiveRateLimitResponses;
import io.limiter.spring.internal.web.RateLimitExceededHandler;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application type picks the filter: a reactive application gets the WebFlux filter and handler without the
 * servlet API, a servlet one the servlet filter and handler without Reactor, and neither gets both.
 */
class LimiterWebFluxAutoConfigurationTests {

	private static final AutoConfigurations LIMITER = AutoConfigurations.of(LimiterAutoConfiguration.class,
			LimiterAspectAutoConfiguration.class, LimiterWebAutoConfiguration.class,
			LimiterWebFluxAutoConfiguration.class, AopAutoConfiguration.class);

	private static final String[] ONE_RULE = { "limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s",
			"limiter.filter.rules[0].limit=hello" };

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(LIMITER)
		.withPropertyValues(ONE_RULE);

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner().withConfiguration(LIMITER)
		.withPropertyValues(ONE_RULE);

	@Test
	void applicationTypeSelectsTheFilter() {
		this.reactive.run((context) -> assertThat(context).hasSingleBean(RateLimitWebFilter.class)
			.hasSingleBean(ReactiveRateLimitExceededHandler.class)
			.doesNotHaveBean("limiterFilterRegistration")
			.doesNotHaveBean(RateLimitExceededHandler.class));
		this.servlet.run((context) -> assertThat(context).hasBean("limiterFilterRegistration")
			.hasSingleBean(RateLimitExceededHandler.class)
			.doesNotHaveBean(RateLimitWebFilter.class)
			.doesNotHaveBean(ReactiveRateLimitExceededHandler.class));
		new ApplicationContextRunner().withConfiguration(LIMITER)
			.withPropertyValues(ONE_RULE)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean("limiterFilterRegistration")
				.doesNotHaveBean(RateLimitWebFilter.class));
	}

	@Test
	void reactiveSideNeedsNoServletApi() {
		this.reactive.withClassLoader(new FilteredClassLoader("jakarta.servlet"))
			.run((context) -> assertThat(context).hasSingleBean(RateLimitWebFilter.class)
				.hasSingleBean(ReactiveRateLimitExceededHandler.class));
	}

	@Test
	void servletSideNeedsNoReactor() {
		this.servlet.withClassLoader(new FilteredClassLoader("reactor.", "org.springframework.web.reactive"))
			.run((context) -> assertThat(context).hasBean("limiterFilterRegistration")
				.hasSingleBean(RateLimitExceededHandler.class)
				.doesNotHaveBean(RateLimitWebFilter.class));
	}

	@Test
	void reactiveSideBacksOffWithoutReactor() {
		this.reactive.withClassLoader(new FilteredClassLoader(Mono.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(RateLimitWebFilter.class)
				.doesNotHaveBean(ReactiveRateLimitExceededHandler.class));
	}

	@Test
	void filterFollowsTheFilterSettings() {
		this.reactive.withPropertyValues("limiter.filter.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(RateLimitWebFilter.class)
				.hasSingleBean(ReactiveRateLimitExceededHandler.class));
		this.reactive.withPropertyValues("limiter.filter.order=-50")
			.run((context) -> assertThat(context.getBean(RateLimitWebFilter.class).getOrder()).isEqualTo(-50));
		this.reactive
			.run((context) -> assertThat(context.getBean(RateLimitWebFilter.class).getOrder()).isZero());
		this.reactive.withPropertyValues("limiter.filter.before-security=true")
			.run((context) -> assertThat(context.getBean(RateLimitWebFilter.class).getOrder()).isEqualTo(-101));
		this.reactive.withPropertyValues("limiter.filter.before-security=true", "limiter.filter.order=5")
			.run(failsWith("limiter.filter.order", "5", "not both"));
	}

	@Test
	void userBeansBackOffTheDefaultOnes() {
		ReactiveRateLimitResponses responses = new ReactiveRateLimitResponses(false, false, List::of);
		RateLimitWebFilter filter = new RateLimitWebFilter(List.of(), true, responses, 0,
				new RuleExpressionContexts<>(new ExpressionContexts(null), (request) -> ""), ReactiveFutures.handOver());
		this.reactive.withBean(ReactiveRateLimitResponses.class, () -> responses)
			.withBean(RateLimitWebFilter.class, () -> filter)
			.run((context) -> {
				assertThat(context).getBean(RateLimitWebFilter.class).isSameAs(filter);
				assertThat(context).getBean(ReactiveRateLimitResponses.class).isSameAs(responses);
			});
	}

	@Test
	void badFilterRulesFailNamingTheRule() {
		this.reactive.withPropertyValues("limiter.filter.rules[0].limit=nope")
			.run(failsWith("limiter.filter.rules[0].limit", "nope", "no limit named 'nope'"));
		this.reactive.withPropertyValues("limiter.filter.rules[0].cost=11")
			.run(failsWith("limiter.filter.rules[0].cost", "11", "between 1 and the capacity 10"));
		this.reactive.withPropertyValues("limiter.filter.rules[0].key=getHeader('x'")
			.run(failsWith("limiter.filter.rules[0].key", "getHeader('x'", "not ip, header:<Name>, principal"));
		this.reactive.withPropertyValues("limiter.filter.rules[0].key=header:")
			.run(failsWith("limiter.filter.rules[0].key", "header:", "must be followed by a header name"));
		this.reactive.withPropertyValues("limiter.filter.rules[0].methods=FETCH")
			.run(failsWith("limiter.filter.rules[0].methods", "FETCH", "must be one of"));
		this.reactive.withPropertyValues("limiter.filter.trusted-proxies=10.0.0.0/33")
			.run(failsWith("limiter.filter.trusted-proxies", "10.0.0.0/33", "prefix length"));
		this.reactive.withPropertyValues("limiter.filter.trusted-proxies=proxy.example.com")
			.run(failsWith("limiter.filter.trusted-proxies", "proxy.example.com", "not an IP address"));
		this.reactive.withPropertyValues("limiter.filter.client-address.header=X-Client-IP")
			.run(failsWith("limiter.filter.client-address.header", "X-Client-IP", "X-Forwarded-For, Forwarded"));
		this.reactive.withPropertyValues("limiter.filter.client-address.ipv6-prefix-length=129")
			.run(failsWith("limiter.filter.client-address.ipv6-prefix-length", "129", "between 1 and 128"));
	}

}
