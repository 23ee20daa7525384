package io.limiter.spring.gateway.webflux;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.gateway.filter.factory.RequestRateLimiterGatewayFilterFactory;
import org.springframework.cloud.gateway.filter.ratelimit.AbstractRateLimiter;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.filter.reactive.ServerWebExchangeContextFilter;

import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterGatewayAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the starter makes its gateway beans, and which {@code RateLimiter} and {@code KeyResolver} a component that
 * takes one by type (as the gateway's {@code RequestRateLimiter} filter does) gets.
 */
@Tag("gateway-webflux")
@ExtendWith(OutputCaptureExtension.class)
class LimiterGatewayAutoConfigurationTests {

	private static final AutoConfigurations LIMITER = AutoConfigurations.of(LimiterAutoConfiguration.class,
			LimiterGatewayAutoConfiguration.class);

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(LIMITER)
		.withUserConfiguration(GatewayInfrastructure.class);

	@Test
	void theOnlyRateLimiterIsTheOneInjectedByType(CapturedOutput output) {
		this.reactive.withUserConfiguration(TakesTheDefaults.class).run((context) -> {
			assertThat(context).hasBean("limiterRateLimiter").hasBean("limiterClientAddressKeyResolver");
			assertThat(defaultRateLimiter(context)).isSameAs(context.getBean("limiterRateLimiter"));
			assertThat(output).doesNotContain("is not the gateway's default");
		});
	}

	@Test
	void besideAnotherRateLimiterItIsAFallbackAndTheOtherIsTheDefault(CapturedOutput output) {
		this.reactive.withUserConfiguration(OtherRateLimiter.class, TakesTheDefaults.class).run((context) -> {
			assertThat(context).hasBean("limiterRateLimiter");
			assertThat(context.getBeanFactory().getBeanDefinition("limiterRateLimiter").isFallback()).isTrue();
			assertThat(defaultRateLimiter(context)).isSameAs(context.getBean("otherRateLimiter"));
			assertThat(output).containsOnlyOnce("Limiter's gateway RateLimiter 'limiterRateLimiter' is not the "
					+ "gateway's default, which is 'otherRateLimiter'");
		});
	}

	@Test
	void putsTheExchangeInTheReactorContextUnlessTheApplicationDoes() {
		this.reactive.run((context) -> assertThat(context).hasSingleBean(ServerWebExchangeContextFilter.class)
			.hasBean("limiterExchangeContextFilter"));
		this.reactive.withBean("applicationContextFilter", ServerWebExchangeContextFilter.class)
			.run((context) -> assertThat(context).hasSingleBean(ServerWebExchangeContextFilter.class)
				.hasBean("applicationContextFilter"));
	}

	@Test
	void theClientAddressKeyResolverIsNeverTheDefaultKeyResolver() {
		this.reactive.withUserConfiguration(TakesTheDefaults.class).run((context) -> {
			assertThat(defaultCandidate(context, "limiterClientAddressKeyResolver")).isFalse();
			assertThat(context.getBean(RequestRateLimiterGatewayFilterFactory.class).getDefaultKeyResolver())
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

	private static Object defaultRateLimiter(ConfigurableApplicationContext context) {
		return context.getBean(RequestRateLimiterGatewayFilterFactory.class).getDefaultRateLimiter();
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
			return new ApplicationRateLimiter();
		}

	}

	/** The gateway's filter, which takes a rate limiter and a key resolver by type as its defaults. */
	@Configuration(proxyBeanMethods = false)
	static class TakesTheDefaults {

		@Bean
		RequestRateLimiterGatewayFilterFactory requestRateLimiterGatewayFilterFactory(RateLimiter<?> rateLimiter,
				KeyResolver keyResolver) {
			return new RequestRateLimiterGatewayFilterFactory(rateLimiter, keyResolver);
		}

	}

}
