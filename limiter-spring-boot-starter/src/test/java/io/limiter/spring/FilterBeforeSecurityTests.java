package io.limiter.spring;

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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Security answers a failed login itself (401), so a filter ordered after its chain never sees one: ordered
 * ahead of it, the filter limits login attempts, failed ones included. A real server with Spring Boot's security
 * auto-configuration (every request authenticated, HTTP Basic) and a limit of three attempts per client.
 */
class FilterBeforeSecurityTests {

	private static final int AHEAD_OF_SECURITY = SecurityFilterProperties.DEFAULT_FILTER_ORDER - 1;

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void theOrderInTheReadmeIsAheadOfSecurity() {
		assertThat(AHEAD_OF_SECURITY).isEqualTo(-101);
	}

	@Test
	void orderedAheadOfSecurityFailedLoginsGet429AfterTheLimit() throws Exception {
		try (ConfigurableApplicationContext application = start(AHEAD_OF_SECURITY)) {
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
	void orderedAfterSecurityFailedLoginsAreNeverLimited() throws Exception {
		try (ConfigurableApplicationContext application = start(0)) {
			for (int i = 0; i < 6; i++) {
				assertThat(login(application, "wrong").statusCode()).isEqualTo(401);
			}
			assertThat(login(application, "secret").statusCode()).isEqualTo(200);
		}
	}

	private static ConfigurableApplicationContext start(int filterOrder) {
		return new SpringApplicationBuilder(SecuredApplication.class)
			.properties("server.port=0", "spring.security.user.name=alice", "spring.security.user.password=secret",
					"limiter.limits.login.capacity=3", "limiter.limits.login.period=1h",
					"limiter.filter.rules[0].paths=/api/hello", "limiter.filter.rules[0].limit=login",
					"limiter.filter.order=" + filterOrder)
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

}
