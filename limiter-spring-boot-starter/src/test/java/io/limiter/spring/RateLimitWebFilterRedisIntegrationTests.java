package io.limiter.spring;

import java.util.Random;
import java.util.UUID;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;
import io.limiter.spring.testapp.reactive.ReactiveTestController;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WebFlux filter and a {@code Mono} method on a real Redis server: the same headers and 429 answers as in
 * memory, each decision one Redis call. ({@link ReactiveNonBlockingTests} shows that no thread waits for a
 * decision: whether a Redis answer arrives before or after the filter goes on is a race.)
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ActiveProfiles("reactive")
class RateLimitWebFilterRedisIntegrationTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private RateLimiterRegistry registry;

	/**
	 * Seconds that may pass between the requests of a test: Redis server time runs on while a loaded machine
	 * serves them, and each second shortens the waits these fields report.
	 */
	private static final long SLACK = 30;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
		properties.add("limiter.redis.timeout", () -> "2s");
	}

	/**
	 * On Redis every exchange the filter sees goes on on Reactor's parallel scheduler, one that no rule matches as
	 * well as a limited one: never on Lettuce's thread, and never some on the server's thread and others not, which
	 * on Reactor Netty leaves a kept-alive connection unread (reactor-netty#4361).
	 */
	@Test
	void onRedisLimitedAndUnlimitedExchangesGoOnOnTheParallelScheduler() {
		assertThat(ReactiveTestController.threadOf(this.client, "/api/thread")).startsWith("parallel-");
		assertThat(ReactiveTestController.threadOf(this.client, "/api/thread/unlimited")).startsWith("parallel-");
	}

	@Test
	void limitsOnRedisWithTheSameHeadersAndProblem() {
		assertThat(this.registry.backend()).isInstanceOf(RedisBackend.class);
		String user = UUID.randomUUID().toString();
		double calls = redisCalls();
		for (int i = 0; i < 2; i++) {
			String state = "\"header\";r=" + (1 - i) + ";t=";
			long reset = 1800L * (i + 1);
			this.client.get()
				.uri("/api/keys/header")
				.header("X-User", user)
				.exchange()
				.expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"header\";q=2;w=3600")
				.expectHeader()
				.value("RateLimit", (value) -> assertThat(value).startsWith(state)
					.satisfies((field) -> assertThat(seconds(field)).isBetween(reset - SLACK, reset)));
		}
		this.client.get()
			.uri("/api/keys/header")
			.header("X-User", user)
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.value("Retry-After", (value) -> assertThat(Long.parseLong(value)).isBetween(1800 - SLACK, 1800L))
			.expectHeader()
			.contentType("application/problem+json")
			.expectBody()
			.jsonPath("$.limit")
			.isEqualTo("header")
			.jsonPath("$.instance")
			.isEqualTo("/api/keys/header");
		assertThat(redisCalls() - calls).isEqualTo(3);
	}

	@Test
	void aLimitOfSeveralRatesIsOneRedisCallPerDecision() {
		String client = "198.51.100." + (1 + new Random().nextInt(250));
		double calls = redisCalls();
		for (int i = 0; i < 2; i++) {
			String state = "\"multi/36000s\";r=" + (1 - i) + ";t=";
			this.client.get().uri("/api/keys/multi").header(ReactiveTestApplication.REMOTE, client).exchange()
				.expectStatus().isOk()
				.expectHeader().valueEquals("RateLimit-Policy", "\"multi/3600s\";q=3;w=3600, \"multi/36000s\";q=2;w=36000")
				.expectHeader().value("RateLimit", (value) -> assertThat(value).startsWith(state));
		}
		this.client.get().uri("/api/keys/multi").header(ReactiveTestApplication.REMOTE, client).exchange()
			.expectStatus().isEqualTo(429)
			.expectHeader().value("Retry-After",
					(value) -> assertThat(Long.parseLong(value)).isBetween(18_000 - SLACK, 18_000L));
		assertThat(redisCalls() - calls).isEqualTo(3);
	}

	@Test
	void monoMethodIsLimitedOnRedis() {
		String id = UUID.randomUUID().toString();
		for (int i = 0; i < 2; i++) {
			this.client.get().uri("/api/users/" + id + "/quote").exchange().expectStatus().isOk();
		}
		this.client.get()
			.uri("/api/users/" + id + "/quote")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectBody()
			.jsonPath("$.limit")
			.isEqualTo("quote");
	}

	private static long seconds(String rateLimitField) {
		return Long.parseLong(rateLimitField.substring(rateLimitField.lastIndexOf("t=") + 2));
	}

	private double redisCalls() {
		Counter counter = this.meters.find("limiter.redis.calls").counter();
		return (counter != null) ? counter.count() : 0;
	}

}
