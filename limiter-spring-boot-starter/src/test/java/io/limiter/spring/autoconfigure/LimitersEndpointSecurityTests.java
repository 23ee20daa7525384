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
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code limiters} endpoint secured as README shows it: its reads and admin operations answer only an operator,
 * and operators' scripts can reset and add permits with HTTP Basic and no CSRF token.
 */
class LimitersEndpointSecurityTests {

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void onlyAnOperatorReadsResetsAndAddsPermits() throws Exception {
		try (ConfigurableApplicationContext application = new SpringApplicationBuilder(SecuredEndpointApplication.class)
			.properties("server.port=0", "spring.security.user.name=alice", "spring.security.user.password=secret",
					"spring.security.user.roles=OPERATOR", "management.endpoints.web.exposure.include=limiters",
					"management.endpoint.limiters.access=unrestricted",
					"limiter.limits.hello.capacity=3", "limiter.limits.hello.period=1h")
			.run()) {
			assertThat(send(application, "GET", null, null).statusCode()).isEqualTo(401);
			assertThat(send(application, "DELETE", null, null).statusCode()).isEqualTo(401);
			assertThat(send(application, "DELETE", "wrong", null).statusCode()).isEqualTo(401);
			assertThat(send(application, "POST", null, "{\"operation\": \"add-permits\", \"permits\": 1}").statusCode())
				.isEqualTo(401);
			assertThat(send(application, "DELETE", "secret", null).statusCode()).isEqualTo(200);
			HttpResponse<String> added = send(application, "POST", "secret",
					"{\"operation\": \"add-permits\", \"permits\": 1}");
			assertThat(added.statusCode()).isEqualTo(200);
			assertThat(added.body()).contains("\"operation\":\"add-permits\"");
		}
	}

	private HttpResponse<String> send(ConfigurableApplicationContext application, String method, String password,
			String json) throws IOException, InterruptedException {
		String port = application.getEnvironment().getProperty("local.server.port");
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/limiters/hello/someone"))
			.method(method, (json != null) ? HttpRequest.BodyPublishers.ofString(json)
					: HttpRequest.BodyPublishers.noBody());
		if (json != null) {
			request.header("Content-Type", "application/json");
		}
		if (password != null) {
			String credentials = Base64.getEncoder()
				.encodeToString(("alice:" + password).getBytes(StandardCharsets.UTF_8));
			request.header("Authorization", "Basic " + credentials);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * An application whose only security is README's chain for the endpoint.
	 */
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class SecuredEndpointApplication {

		@Bean
		@Order(1)
		SecurityFilterChain limitersEndpointSecurity(HttpSecurity http) throws Exception {
			return http.securityMatcher(EndpointRequest.to("limiters"))
				.authorizeHttpRequests((requests) -> requests.anyRequest().hasRole("OPERATOR"))
				.httpBasic(Customizer.withDefaults())
				.csrf((csrf) -> csrf.disable())
				.build();
		}

	}

}
