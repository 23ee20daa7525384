package io.limiter.spring.gateway.webflux;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.gateway.filter.factory.RequestRateLimiterGatewayFilterFactory;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.reactive.server.StatusAssertions;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Beside an application's own gateway {@code RateLimiter}, registered before Limiter's auto-configuration (a user
 * configuration) or after it (a bean registered once the configurations are read, as the gateway's own
 * {@code Bucket4jRateLimiter} is by an auto-configuration that runs after Limiter's), the application starts, the
 * other is the gateway's default, start-up says so, and a route naming Limiter's is limited by it, over real HTTP.
 */
@Tag("gateway-webflux")
@ExtendWith(OutputCaptureExtension.class)
class GatewayBesideAnotherRateLimiterTests {

	@Test
	void anApplicationRateLimiterOfAUserConfigurationStaysTheDefault(CapturedOutput output) {
		besideAnother(UserConfiguration.class, "applicationRateLimiter", output);
	}

	@Test
	void aRateLimiterRegisteredAfterTheAutoConfigurationStaysTheDefault(CapturedOutput output) {
		besideAnother(LateRegistration.class, "lateRateLimiter", output);
	}

	private void besideAnother(Class<?> registration, String other, CapturedOutput output) {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(GatewayTestApplication.class,
				registration, DefaultLimitedRoute.class)
			.profiles("gateway")
			.properties("server.port=0")
			.run()) {
			assertThat(context.getBean(RequestRateLimiterGatewayFilterFactory.class).getDefaultRateLimiter())
				.isSameAs(context.getBean(other));
			assertThat(output).contains("Limiter's gateway RateLimiter 'limiterRateLimiter' is not the gateway's "
					+ "default, which is '" + other + "': a route chooses it with the RequestRateLimiter argument "
					+ "rate-limiter: \"#{@limiterRateLimiter}\"");
			WebTestClient client = WebTestClient.bindToServer()
				.baseUrl("http://localhost:" + context.getEnvironment().getProperty("local.server.port"))
				.build();
			client.get()
				.uri("/default-limited")
				.exchange()
				.expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals(ApplicationRateLimiter.HEADER, "application")
				.expectHeader()
				.doesNotExist("RateLimit-Policy");
			String address = GatewayRateLimiterContract.newClient();
			for (int i = 0; i < 3; i++) {
				named(client, address).isOk()
					.expectHeader()
					.valueEquals("RateLimit-Policy", "\"gw-named\";q=3;w=3600")
					.expectHeader()
					.doesNotExist(ApplicationRateLimiter.HEADER);
			}
			named(client, address).isEqualTo(429);
		}
	}

	private static StatusAssertions named(WebTestClient client, String address) {
		return client.get().uri("/named").header("X-Forwarded-For", address).exchange().expectStatus();
	}

	@Configuration(proxyBeanMethods = false)
	static class UserConfiguration {

		@Bean
		ApplicationRateLimiter applicationRateLimiter() {
			return new ApplicationRateLimiter();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class LateRegistration {

		@Bean
		static BeanDefinitionRegistryPostProcessor registersARateLimiter() {
			return (registry) -> registry.registerBeanDefinition("lateRateLimiter",
					new RootBeanDefinition(ApplicationRateLimiter.class));
		}

	}

	/** A route that names no rate limiter: the gateway's default decides. */
	@Configuration(proxyBeanMethods = false)
	static class DefaultLimitedRoute {

		@Bean
		RouteLocator defaultLimited(RouteLocatorBuilder routes) {
			return routes.routes()
				.route("default-limited", (route) -> route.path("/default-limited")
					.filters((filters) -> filters
						.requestRateLimiter((config) -> config.setKeyResolver((exchange) -> Mono.just("everyone"))))
					.uri("forward:/backend"))
				.build();
		}

	}

}
