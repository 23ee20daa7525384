package io.limiter.spring.gateway.webflux;

import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.cloud.gateway.filter.ratelimit.AbstractRateLimiter;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterGatewayAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the starter makes its gateway beans, and which {@code RateLimiter} and {@code KeyResolver} a component that
 * takes one by type (as the gateway's {@code RequestRateLimiter} filter does) gets.
 */
@Tag("gateway-webflux")
class LimiterGatewayAutoConfigurationTests {

	private static final AutoConfigurations LIMITER = AutoConfigurations.of(LimiterAutoConfiguration.class,
			LimiterGatewayAutoConfiguration.class);

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(LIMITER)
		.withUserConfiguration(GatewayInfrastructure.class);

	@Test
	void theOnlyRateLimiterIsTheOneInjectedByType() {
		this.reactive.withUserConfiguration(TakesTheDefaults.class).run((context) -> {
			assertThat(context).hasBean("limiterRateLimiter").hasBean("limiterClientAddressKeyResolver");
			assertThat(context.getBean(TakesTheDefaults.Chosen.class).rateLimiter())
				.isSameAs(context.getBean("limiterRateLimiter"));
		});
	}

	@Test
	void besideAnotherRateLimiterItIsNoCandidateByTypeAndTheOtherStaysTheDefault() {
		this.reactive.withUserConfiguration(OtherRateLimiter.class, TakesTheDefaults.class).run((context) -> {
			assertThat(context).hasBean("limiterRateLimiter");
			assertThat(defaultCandidate(context, "limiterRateLimiter")).isFalse();
			assertThat(context.getBean(TakesTheDefaults.Chosen.class).rateLimiter())
				.isSameAs(context.getBean("otherRateLimiter"));
		});
	}

	@Test
	void theClientAddressKeyResolverIsNeverTheDefaultKeyResolver() {
		this.reactive.withUserConfiguration(TakesTheDefaults.class).run((context) -> {
			assertThat(defaultCandidate(context, "limiterClientAddressKeyResolver")).isFalse();
			assertThat(context.getBean(TakesTheDefaults.Chosen.class).keyResolver())
				.isSameAs(context.getBean("applicationKeyResolver"));
		});
	}

	@Test
	void backsOffWithoutTheGatewayAServletApplicationOrTheGatewayDisabled() {
		this.reactive.withClassLoader(new FilteredClassLoader(AbstractRateLimiter.class))
			.run((context) -> assertThat(context).doesNotHaveBean("limiterRateLimiter"));
		this.reactive.withPropertyValues("spring.cloud.gateway.server.webflux.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean("limiterRateLimiter")
				.doesNotHaveBean("limiterClientAddressKeyResolver"));
		new WebApplicationContextRunner().withConfiguration(LIMITER)
			.withUserConfiguration(GatewayInfrastructure.class)
			.run((context) -> assertThat(context).doesNotHaveBean("limiterRateLimiter"));
	}

	private static boolean defaultCandidate(ConfigurableApplicationContext context, String name) {
		return ((AbstractBeanDefinition) context.getBeanFactory().getBeanDefinition(name)).isDefaultCandidate();
	}

	/** What the gateway's own auto-configuration provides: the binder of filter arguments. */
	@Configuration(proxyBeanMethods = false)
	static class GatewayInfrastructure {

		@Bean
		ConfigurationService gatewayConfigurationService(BeanFactory beanFactory) {
			return new ConfigurationService(beanFactory, () -> null, () -> null);
		}

		@Bean
		KeyResolver applicationKeyResolver() {
			return (exchange) -> Mono.just("key");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OtherRateLimiter {

		@Bean
		RateLimiter<Object> otherRateLimiter() {
			return new AbstractRateLimiter<>(Object.class, "other", null) {

				@Override
				public Mono<Response> isAllowed(String routeId, String id) {
					return Mono.just(new Response(true, Map.of()));
				}

			};
		}

	}

	/** Takes a rate limiter and a key resolver by type, as the gateway's filter factory does. */
	@Configuration(proxyBeanMethods = false)
	static class TakesTheDefaults {

		@Bean
		Chosen chosen(RateLimiter<?> rateLimiter, KeyResolver keyResolver) {
			return new Chosen(rateLimiter, keyResolver);
		}

		record Chosen(RateLimiter<?> rateLimiter, KeyResolver keyResolver) {
		}

	}

}
