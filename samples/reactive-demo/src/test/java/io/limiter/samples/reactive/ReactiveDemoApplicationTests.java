package io.limiter.samples.reactive;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.util.ClassUtils;

import io.limiter.LimiterClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reactive demo answers as the servlet demo does, on Netty and the in-memory backend with its packaged
 * settings. The test trusts the loopback proxy so that {@code X-Forwarded-For} names each client, and stops the
 * limiter's clock so that nothing refills between requests.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "limiter.filter.trusted-proxies=127.0.0.1,::1")
@AutoConfigureWebTestClient
class ReactiveDemoApplicationTests {

	@Autowired
	private WebTestClient client;

	@Test
	void helloAllowsABurstOfTenPerClientThen429() {
		for (int i = 0; i < 10; i++) {
			hello("192.0.2.1").expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"hello\";q=10;w=1")
				.expectHeader()
				.valueEquals("RateLimit", "\"hello\";r=" + (9 - i) + ";t=1")
				.expectBody(String.class)
				.isEqualTo("Hello from Limiter!\n");
		}
		hello("192.0.2.1").expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("Retry-After", "1")
			.expectHeader()
			.contentType("application/problem+json")
			.expectBody()
			.jsonPath("$.title")
			.isEqualTo("Too Many Requests")
			.jsonPath("$.status")
			.isEqualTo(429)
			.jsonPath("$.detail")
			.isEqualTo("Rate limit 'hello' exceeded; retry after 1 s.")
			.jsonPath("$.instance")
			.isEqualTo("/api/hello")
			.jsonPath("$.limit")
			.isEqualTo("hello")
			.jsonPath("$.retryAfter")
			.isEqualTo(1);
		hello("192.0.2.2").expectStatus().isOk();
	}

	@Test
	void quoteAllowsThreePerUser() {
		for (int i = 0; i < 3; i++) {
			this.client.get().uri("/api/users/42/quote").exchange().expectStatus().isOk();
		}
		this.client.get()
			.uri("/api/users/42/quote")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectBody()
			.jsonPath("$.limit")
			.isEqualTo("quote");
		this.client.get().uri("/api/users/43/quote").exchange().expectStatus().isOk();
	}

	@Test
	void limitersEndpointIsNotPublished() {
		this.client.get().uri("/actuator/limiters/hello/192.0.2.1").exchange().expectStatus().isNotFound();
		this.client.get().uri("/actuator/limiters").exchange().expectStatus().isNotFound();
		this.client.get().uri("/actuator/health").exchange().expectStatus().isOk();
	}

	@Test
	void runsWithoutTheServletApi() {
		assertThat(ClassUtils.isPresent("jakarta.servlet.Servlet", getClass().getClassLoader())).isFalse();
	}

	private WebTestClient.ResponseSpec hello(String client) {
		return this.client.get().uri("/api/hello").header("X-Forwarded-For", client).exchange();
	}

	@TestConfiguration
	static class StoppedClock {

		@Bean
		LimiterClock limiterClock() {
			return () -> 1_000_000L;
		}

	}

}
