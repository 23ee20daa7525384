package io.limiter.spring;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.LimiterClock;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plans per customer through the WebFlux filter and {@code @RateLimited} methods that return a {@code Mono}: the
 * resolver is given the exchange, and the headers report the plan's numbers.
 */
@SpringBootTest(classes = { ReactiveTestApplication.class, ReactiveLimitPlansTests.Plans.class },
		webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "limiter.limits.plan.capacity=2",
				"limiter.limits.plan.period=1h", "limiter.limits.plan.plans.gold.capacity=5",
				"limiter.limits.quote.capacity=2", "limiter.limits.quote.period=1h",
				"limiter.limits.quote.plans.gold.capacity=3",
				"limiter.filter.rules[0].paths=/api/keys/plan", "limiter.filter.rules[0].limit=plan",
				"limiter.filter.rules[0].key=header:X-Api-Key" })
@AutoConfigureWebTestClient
class ReactiveLimitPlansTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private Plans plans;

	@Test
	void aGoldKeyGetsTheGoldPlanAndOthersTheLimitsOwnNumbers() {
		for (int remaining = 4; remaining >= 0; remaining--) {
			withKey("gold-1").expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"plan\";q=5;w=3600")
				.expectHeader()
				.valueEquals("RateLimit", "\"plan\";r=" + remaining + ";t=" + (5 - remaining) * 720);
		}
		withKey("gold-1").expectStatus().isEqualTo(429);
		withKey("basic-1").expectStatus().isOk().expectHeader().valueEquals("RateLimit-Policy", "\"plan\";q=2;w=3600");
		withKey("basic-1").expectStatus().isOk();
		withKey("basic-1").expectStatus().isEqualTo(429);
		assertThat(this.plans.requests).isNotEmpty().allMatch(ServerWebExchange.class::isInstance);
	}

	@Test
	void monoMethodsTakeTheKeysPlan() {
		for (int i = 0; i < 3; i++) {
			this.client.get().uri("/api/users/gold-2/quote").exchange().expectStatus().isOk();
		}
		this.client.get()
			.uri("/api/users/gold-2/quote")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("RateLimit-Policy", "\"quote\";q=3;w=3600");
		this.client.get().uri("/api/users/basic-2/quote").exchange().expectStatus().isOk();
		this.client.get().uri("/api/users/basic-2/quote").exchange().expectStatus().isOk();
		this.client.get().uri("/api/users/basic-2/quote").exchange().expectStatus().isEqualTo(429);
	}

	private WebTestClient.ResponseSpec withKey(String key) {
		return this.client.get().uri("/api/keys/plan").header("X-Api-Key", key).exchange();
	}

	/**
	 * Keys starting with {@code gold-} are on the plan gold. Time stands still, so that the seconds until a bucket is
	 * full, which the headers report, do not depend on how fast the requests follow each other.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class Plans {

		final List<Object> requests = new CopyOnWriteArrayList<>();

		@Bean
		LimiterClock stoppedClock() {
			long now = System.currentTimeMillis();
			return () -> now;
		}

		@Bean
		LimitPlanResolver limitPlanResolver() {
			return (limit, key, request) -> {
				if (request != null) {
					this.requests.add(request);
				}
				return key.startsWith("gold-") ? "gold" : null;
			};
		}

	}

}
