package io.limiter.spring.gateway.mvc;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.spring.testapp.TestApplication;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Gateway routes on a real Redis server that goes away: the failure policy decides, never letting requests through
 * unlimited. A configured limit and an inline limit under the default policy (local fallback) decide in memory
 * within their capacity; an inline limit that says fail-closed denies with 429 and {@code Retry-After}.
 */
@SpringBootTest(classes = { TestApplication.class, GatewayMvcRoutes.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("gateway-mvc")
class LimiterFilterFunctionsRedisFailureIntegrationTests {

	private static final RedisServerProcess server = RedisFixtures.startStandalone();

	private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", server::uri);
		properties.add("limiter.redis.timeout", () -> "200ms");
	}

	@AfterAll
	static void stopRedis() {
		server.close();
	}

	@Test
	void failurePolicyDecidesWhileRedisIsStopped() throws Exception {
		assertThat(get("/gw/closed").statusCode()).isEqualTo(200);
		assertThat(get("/gw/named").headers().firstValue("RateLimit")).as("Redis decided")
			.hasValueSatisfying((value) -> assertThat(value).startsWith("\"hello\";r=2;"));
		server.stop();

		HttpResponse<String> closed = get("/gw/closed");
		assertThat(closed.statusCode()).as("fail-closed").isEqualTo(429);
		assertThat(closed.headers().firstValueAsLong("Retry-After").orElseThrow()).isPositive();
		assertThat(closed.body()).contains("\"limit\":\"route.closed\"");

		assertThat(statuses("/gw/named", 5)).as("local fallback within the capacity of 3").startsWith(200)
			.endsWith(429, 429)
			.filteredOn((status) -> status == 200)
			.hasSizeLessThanOrEqualTo(3);
		assertThat(statuses("/gw/inline", 4)).as("local fallback within the inline capacity of 2").startsWith(200)
			.endsWith(429, 429)
			.filteredOn((status) -> status == 200)
			.hasSizeLessThanOrEqualTo(2);
	}

	private List<Integer> statuses(String path, int requests) throws Exception {
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < requests; i++) {
			statuses.add(get(path).statusCode());
		}
		return statuses;
	}

	private HttpResponse<String> get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("X-Forwarded-For", "10.99.0.1")
			.timeout(Duration.ofSeconds(30))
			.build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
