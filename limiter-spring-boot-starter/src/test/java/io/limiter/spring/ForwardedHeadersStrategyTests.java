package io.limiter.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.spring.autoconfigure.InvalidLimiterPropertyException;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterWebAutoConfiguration;
import io.limiter.spring.testapp.TestApplication;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the application has Spring Boot resolve forwarded headers ({@code server.forward-headers-strategy}), the
 * filters key a client by the address Spring resolved, on both stacks, and the starter's own trusted proxies are
 * refused as a second resolution of the same header.
 */
class ForwardedHeadersStrategyTests {

	private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@Test
	void trustedProxiesBesideSpringBootsStrategyFailStartUp() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterWebAutoConfiguration.class))
			.withPropertyValues("server.forward-headers-strategy=native", "limiter.limits.hello.capacity=1",
					"limiter.limits.hello.period=1h", "limiter.filter.rules[0].limit=hello",
					"limiter.filter.trusted-proxies=10.0.0.0/8")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidLimiterPropertyException.class)
				.hasMessageContaining("limiter.filter.trusted-proxies")
				.hasMessageContaining("server.forward-headers-strategy=native"));
	}

	static void clientsAreKeyedByTheForwardedAddress(Environment environment) throws Exception {
		int port = environment.getRequiredProperty("local.server.port", Integer.class);
		assertThat(hello(port, "203.0.113.71")).isEqualTo(200);
		assertThat(hello(port, "203.0.113.71")).isEqualTo(200);
		assertThat(hello(port, "203.0.113.71")).as("the same forwarded client, over its limit of 2").isEqualTo(429);
		assertThat(hello(port, "203.0.113.72")).as("another client behind the same proxy").isEqualTo(200);
	}

	private static int hello(int port, String forwardedFor) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/hello"))
			.header("X-Forwarded-For", forwardedFor)
			.build();
		return CLIENT.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
	}

	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
	@ActiveProfiles("forwarded")
	class Servlet {

		@Autowired
		private Environment environment;

		@Test
		void clientsAreKeyedByTheAddressSpringResolved() throws Exception {
			clientsAreKeyedByTheForwardedAddress(this.environment);
		}

	}

	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = "spring.main.web-application-type=reactive")
	@ActiveProfiles("forwarded")
	class Reactive {

		@Autowired
		private Environment environment;

		@Test
		void clientsAreKeyedByTheAddressSpringResolved() throws Exception {
			clientsAreKeyedByTheForwardedAddress(this.environment);
		}

	}

}
