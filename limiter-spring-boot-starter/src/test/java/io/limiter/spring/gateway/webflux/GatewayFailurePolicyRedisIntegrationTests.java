package io.limiter.spring.gateway.webflux;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With its Redis server stopped, the gateway's routes are decided by their limits' failure policy, never let through
 * as the gateway's {@code RedisRateLimiter} lets them: a limit that fails closed denies, and a route's own limit
 * (the default policy, a local fallback) allows, and no more than its capacity.
 */
@SpringBootTest(classes = GatewayTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ActiveProfiles("gateway")
@Tag("gateway-webflux")
class GatewayFailurePolicyRedisIntegrationTests {

	private static RedisServerProcess server;

	@Autowired
	private WebTestClient client;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		server = RedisFixtures.startStandalone();
		properties.add("limiter.redis.url", server::uri);
		properties.add("limiter.redis.timeout", () -> "1s");
	}

	@AfterAll
	static void stopRedis() {
		server.close();
	}

	@Test
	void theFailurePolicyDecidesWhileRedisIsDown() {
		withApiKey("/closed", "closed-client").expectStatus().isOk();
		withApiKey("/fallback", "fallback-client").expectStatus().isOk();
		server.stop();

		withApiKey("/closed", "closed-client").expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.value("Retry-After", (value) -> assertThat(Long.parseLong(value)).isPositive());
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			statuses.add(withApiKey("/fallback", "fallback-client").returnResult(String.class)
				.getStatus()
				.value());
		}
		assertThat(statuses).as("local fallback within the capacity of 2").startsWith(200)
			.endsWith(429, 429, 429)
			.filteredOn((status) -> status == 200)
			.hasSizeLessThanOrEqualTo(2);
	}

	private WebTestClient.ResponseSpec withApiKey(String path, String apiKey) {
		return this.client.get().uri(path).header(GatewayTestApplication.API_KEY, apiKey).exchange();
	}

}
