package io.limiter.spring.autoconfigure;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

import io.limiter.spring.testapp.QuoteService;
import io.limiter.spring.testapp.ReportService;
import io.limiter.spring.testapp.TestController;
import io.limiter.spring.testapp.reactive.ReactiveQuoteService;
import io.limiter.spring.testapp.reactive.ReactiveTestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Security answers a failed login itself (401), so a filter ordered after its chain never sees one:
 * {@code limiter.filter.before-security} runs it just ahead of the chain, where it limits login attempts, failed
 * ones included. A real server with Spring Boot's security auto-configuration (every request authenticated, HTTP
 * Basic) and a limit of three attempts per client; in a WebFlux application the filter goes just ahead of Spring
 * Security's {@code WebFilterChainProxy} the same way.
 */
class FilterBeforeSecurityTests {

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void theDefaultOrderOfTheSecurityFilterIsSpringBoots() {
		assertThat(LimiterWebAutoConfiguration.DEFAULT_SECURITY_FILTER_ORDER)
			.isEqualTo(SecurityFilterProperties.DEFAULT_FILTER_ORDER);
	}

	@Test
	void beforeSecurityFailedLoginsGet429AfterTheLimit() throws Exception {
		try (ConfigurableApplicationContext application = start("limiter.filter.before-security=true")) {
			for (int i = 0; i < 3; i++) {
				assertThat(login(application, "wrong").statusCode()).isEqualTo(401);
			}
			HttpResponse<String> denied = login(application, "wrong");
			assertThat(denied.statusCode()).isEqualTo(429);
			assertThat(denied.headers().firstValue("Retry-After")).isPresent();
			assertThat(login(application, "secret").statusCode()).as("the limit is on attempts").isEqualTo(429);
		}
	}

	@Test
	void beforeSecurityFollowsTheOrderOfTheSecurityFilter() throws Exception {
		try (ConfigurableApplicationContext application = start("limiter.filter.before-security=true",
				"spring.security.filter.order=-300")) {
			for (int i = 0; i < 3; i++) {
				assertThat(login(application, "wrong").statusCode()).isEqualTo(401);
			}
			assertThat(login(application, "wrong").statusCode()).isEqualTo(429);
		}
	}

	@Test
	void beforeSecurityInAWebFluxApplicationFailedLoginsGet429AfterTheLimit() throws Exception {
		try (ConfigurableApplicationContext application = start(SecuredReactiveApplication.class,
				"spring.main.web-application-type=reactive", "limiter.filter.before-security=true")) {
			for (int i = 0; i < 3; i++) {
				assertThat(login(application, "wrong").statusCode()).isEqualTo(401);
			}
			assertThat(login(application, "wrong").statusCode()).isEqualTo(429);
			assertThat(login(application, "secret").statusCode()).as("the limit is on attempts").isEqualTo(429);
		}
	}

	@Test
	void byDefaultFailedLoginsNeverReachTheFilter() throws Exception {
		try (ConfigurableApplicationContext application = start()) {
			for (int i = 0; i < 6; i++) {
				assertThat(login(application, "wrong").statusCode()).isEqualTo(401);
			}
			assertThat(login(application, "secret").statusCode()).isEqualTo(200);
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return start(SecuredApplication.class, properties);
	}

	private static ConfigurableApplicationContext start(Class<?> application, String... properties) {
		return new SpringApplicationBuilder(application)
			.properties("server.port=0", "spring.security.user.name=alice", "spring.security.user.password=secret",
					"limiter.limits.login.capacity=3", "limiter.limits.login.period=1h",
					"limiter.filter.rules[0].paths=/api/hello", "limiter.filter.rules[0].limit=login")
			.properties(properties)
			.run();
	}

	private HttpResponse<String> login(ConfigurableApplicationContext application, String password)
			throws IOException, InterruptedException {
		String port = application.getEnvironment().getProperty("local.server.port");
		String credentials = Base64.getEncoder().encodeToString(("alice:" + password).getBytes(StandardCharsets.UTF_8));
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/hello"))
			.header("Authorization", "Basic " + credentials)
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * The test application with Spring Boot's security auto-configuration.
	 */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ TestController.class, QuoteService.class, ReportService.class })
	static class SecuredApplication {

	}

	/**
	 * The reactive test application with Spring Boot's security auto-configuration.
	 */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ ReactiveTestController.class, ReactiveQuoteService.class })
	static class SecuredReactiveApplication {

	}

}
