package io.limiter.spring;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.IntFunction;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.testapp.TestApplication;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The key of a client when the application has Spring Boot resolve forwarded headers
 * ({@code server.forward-headers-strategy}), over real servers: a client that writes its own
 * {@code X-Forwarded-For} gets one bucket, whatever it writes. The strategies under which the filter cannot bound
 * whom it believes fail start-up ({@code FilterRuleKeySettingsTests}).
 */
class ForwardedHeadersStrategyTests {

	/** One client that keeps its connections alive, as a spoofing client would. */
	private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private static final int SPOOFED_REQUESTS = 20;

	/**
	 * Sends requests of one client that writes a new address into {@code X-Forwarded-For} each time.
	 * @param port the server's port
	 * @param forwardedFor the header of the n-th request
	 * @return how many were allowed
	 */
	static int allowedOfSpoofedRequests(int port, IntFunction<String> forwardedFor)
			throws IOException, InterruptedException {
		int allowed = 0;
		for (int i = 0; i < SPOOFED_REQUESTS; i++) {
			int status = hello(port, "/api/hello", forwardedFor.apply(i));
			assertThat(status).isIn(200, 429);
			allowed += (status == 200) ? 1 : 0;
		}
		return allowed;
	}

	static int hello(int port, String path, String forwardedFor) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.header("X-Forwarded-For", forwardedFor)
			.timeout(Duration.ofSeconds(30))
			.build();
		return CLIENT.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
	}

	static long remaining(ApplicationContext context, String key) {
		return context.getBean(RateLimiterRegistry.class).limiter("hello").peek(key).remaining();
	}

	/**
	 * An application on a real server, on a port of its own.
	 */
	abstract static class RealServer {

		@LocalServerPort
		int port;

		@Autowired
		ApplicationContext context;

	}

	/**
	 * Spring's {@code ForwardedHeaderFilter} makes the leftmost hop the remote address; the filter reads the
	 * request beneath it and believes only the hops its trusted proxies wrote.
	 */
	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = { "server.forward-headers-strategy=framework", "limiter.filter.trusted-proxies=10.0.0.0/8" })
	@ActiveProfiles("spoofing")
	class SpringsFilter extends RealServer {

		@Test
		void aClientThatWritesItsOwnHopsHasOneBucket() throws Exception {
			assertThat(allowedOfSpoofedRequests(this.port, (i) -> "198.51.100." + i + ", 10.0.0.1")).isEqualTo(2);
			assertThat(remaining(this.context, "127.0.0.1")).isZero();
		}

		@Test
		void skipConditionsReadTheClientAddressThatTheFilterBelieves() throws Exception {
			assertThat(hello(this.port, "/api/keys/internal", "10.1.2.3")).isEqualTo(200);
			assertThat(hello(this.port, "/api/keys/internal", "10.1.2.3")).as("not skipped: the client is 127.0.0.1")
				.isEqualTo(429);
		}

	}

	/**
	 * Behind a trusted proxy that appends the address it received from, the client is that hop, whatever the client
	 * wrote before it.
	 */
	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = { "server.forward-headers-strategy=framework", "limiter.filter.trusted-proxies=127.0.0.1" })
	@ActiveProfiles("spoofing")
	class SpringsFilterBehindAProxy extends RealServer {

		@Test
		void theHopThatTheProxyWroteIsTheClient() throws Exception {
			assertThat(allowedOfSpoofedRequests(this.port, (i) -> "198.51.100." + i + ", 203.0.113.71")).isEqualTo(2);
			assertThat(remaining(this.context, "203.0.113.71")).isZero();
			assertThat(hello(this.port, "/api/hello", "198.51.100.1, 203.0.113.72")).isEqualTo(200);
		}

	}

	/**
	 * Tomcat's own resolution walks the header from the right over the internal proxies it is given.
	 */
	@Nested
	@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = { "server.forward-headers-strategy=native",
					"server.tomcat.remoteip.internal-proxies=10\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}" })
	@ActiveProfiles("spoofing")
	class TomcatsValve extends RealServer {

		@Test
		void aClientThatIsNoInternalProxyHasOneBucket() throws Exception {
			assertThat(allowedOfSpoofedRequests(this.port, (i) -> "198.51.100." + i)).isEqualTo(2);
			assertThat(remaining(this.context, "127.0.0.1")).isZero();
		}

	}

	/**
	 * WebFlux without a strategy: the filter walks the header itself.
	 */
	@Nested
	@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
			properties = { "spring.main.web-application-type=reactive", "limiter.filter.trusted-proxies=10.0.0.0/8" })
	@ActiveProfiles("spoofing")
	class WebFlux extends RealServer {

		@Test
		void aClientThatWritesItsOwnHopsHasOneBucket() throws Exception {
			assertThat(allowedOfSpoofedRequests(this.port, (i) -> "198.51.100." + i + ", 10.0.0.1")).isEqualTo(2);
			assertThat(remaining(this.context, "127.0.0.1")).isZero();
		}

	}

}
