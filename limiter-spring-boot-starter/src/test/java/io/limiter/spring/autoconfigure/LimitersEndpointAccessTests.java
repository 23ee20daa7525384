package io.limiter.spring.autoconfigure;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code limiters} endpoint exposed with no security and no access setting, as
 * {@code management.endpoints.web.exposure.include=*} exposes it: it reads, but no client can reset, refund or
 * penalize a key until {@code management.endpoint.limiters.access=unrestricted} allows it.
 */
class LimitersEndpointAccessTests {

	private static final String KEY = "192.0.2.90";

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void exposedItOnlyReadsByDefault() throws Exception {
		try (ConfigurableApplicationContext application = start()) {
			RateLimiter hello = application.getBean(RateLimiterRegistry.class).limiter("hello");
			assertThat(hello.tryAcquire(KEY, 1).isAllowed()).isTrue();
			assertThat(send(application, "GET", null).statusCode()).isEqualTo(200);
			assertThat(send(application, "DELETE", null).statusCode()).isNotEqualTo(200);
			assertThat(send(application, "POST", "{\"operation\": \"add-permits\", \"permits\": 1}").statusCode())
				.isNotEqualTo(200);
			assertThat(hello.tryAcquire(KEY, 1).isAllowed()).as("neither reset nor given permits").isFalse();
		}
	}

	@Test
	void anUnrestrictedAccessSettingLetsItWrite() throws Exception {
		try (ConfigurableApplicationContext application = start("management.endpoint.limiters.access=unrestricted")) {
			RateLimiter hello = application.getBean(RateLimiterRegistry.class).limiter("hello");
			assertThat(hello.tryAcquire(KEY, 1).isAllowed()).isTrue();
			assertThat(send(application, "DELETE", null).statusCode()).isEqualTo(200);
			assertThat(hello.tryAcquire(KEY, 1).isAllowed()).as("reset").isTrue();
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		return new SpringApplicationBuilder(EndpointApplication.class)
			.properties("server.port=0", "management.endpoints.web.exposure.include=*",
					"limiter.limits.hello.capacity=1", "limiter.limits.hello.period=1h")
			.properties(properties)
			.run();
	}

	private HttpResponse<String> send(ConfigurableApplicationContext application, String method, String json)
			throws Exception {
		String port = application.getEnvironment().getProperty("local.server.port");
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/limiters/hello/" + KEY))
			.method(method, (json != null) ? HttpRequest.BodyPublishers.ofString(json)
					: HttpRequest.BodyPublishers.noBody());
		if (json != null) {
			request.header("Content-Type", "application/json");
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * An application with the starter, Actuator and no security of its own.
	 */
	@SpringBootConfiguration
	@EnableAutoConfiguration(excludeName = {
			"org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
			"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
			"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
	static class EndpointApplication {

	}

}
