package io.limiter.spring.gateway.mvc;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.gateway.mvc.LimiterFilterFunctions.RateLimitConfig;
import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.cloud.gateway.server.mvc.handler.HandlerFunctions.http;

/**
 * A Java route of a gateway on Spring MVC that names a limit that is not configured, or takes more permits than the
 * limit's capacity, stops the application at start-up, not at the route's first request; one within the capacity starts,
 * and its first request takes the route's cost.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterFilterFunctionsStartUpTests {

	/** The settings of the route of {@link BadRoute}, for the application the test starts. */
	private static Consumer<RateLimitConfig> settings;

	@AfterEach
	void forgetTheSettings() {
		settings = null;
	}

	@Test
	void aLimitThatIsNotConfiguredIsReportedWithTheKnownLimits(CapturedOutput output) {
		assertStartFails(output, (c) -> c.limit("nope"), "Property: LimiterRateLimit.limit (a Java route of the gateway)",
				"Value: nope", "Reason: no limit named 'nope'; the limits are [quote, reports, a, b]");
	}

	@Test
	void aCostAboveTheCapacityOfTheLimitIsReported(CapturedOutput output) {
		assertStartFails(output, (c) -> c.limit("b").cost(2), "Property: LimiterRateLimit.cost (a Java route of the "
				+ "gateway)", "Value: 2", "Reason: a Java route of the gateway takes 2 permits, more than the capacity 1 "
				+ "of limit 'b'");
	}

	@Test
	void aRouteNamingAConfiguredLimitWithinItsCapacityStartsAndTakesItsCost() throws Exception {
		settings = (c) -> c.limit("a").cost(5).key((request) -> "whole-capacity");
		try (ConfigurableApplicationContext context = new SpringApplication(TestApplication.class, BadRoute.class)
			.run("--server.port=0")) {
			RateLimiter limit = context.getBean(RateLimiterRegistry.class).limiter("a");
			assertThat(limit.peek("whole-capacity").remaining()).isEqualTo(5);
			HttpClient http = HttpClient.newHttpClient();
			HttpRequest request = HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port")
						+ "/bad"))
				.build();
			http.send(request, HttpResponse.BodyHandlers.discarding());
			assertThat(limit.peek("whole-capacity").remaining()).as("the route took its cost of 5").isZero();
			assertThat(http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(429);
		}
	}

	private static void assertStartFails(CapturedOutput output, Consumer<RateLimitConfig> routeSettings,
			String... report) {
		settings = routeSettings;
		assertThatException().isThrownBy(() -> new SpringApplication(TestApplication.class, BadRoute.class)
			.run("--server.port=0")
			.close());
		assertThat(output).contains("APPLICATION FAILED TO START").contains(report);
	}

	/** A Java route limited with the test's settings. */
	@Configuration(proxyBeanMethods = false)
	static class BadRoute {

		@Bean
		RouterFunction<ServerResponse> badRoute() {
			return route("bad").GET("/bad", http()).filter(LimiterFilterFunctions.rateLimit(settings)).build();
		}

	}

}
