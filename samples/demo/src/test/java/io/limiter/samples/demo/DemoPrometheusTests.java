package io.limiter.samples.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo as Prometheus scrapes it, on Redis as {@code samples/monitoring} runs it and with the endpoints README.md
 * exposes ({@code --management.endpoints.web.exposure.include=*}), over real HTTP without credentials or a CSRF token:
 * {@code /actuator/prometheus} lists the meters the Grafana dashboard of {@code samples/monitoring} queries.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "management.endpoints.web.exposure.include=*")
class DemoPrometheusTests {

	private static final String DECISIONS = "limiter_decisions_total\\{limit=\"hello\",";

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Test
	void prometheusListsTheDecisionsAndTheLatencyHistogramWithoutCredentials() throws Exception {
		for (int i = 0; i < 11; i++) {
			assertThat(get("/api/hello").statusCode()).isIn(200, 429);
		}
		HttpResponse<String> scrape = get("/actuator/prometheus");
		assertThat(scrape.statusCode()).isEqualTo(200);
		assertThat(scrape.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("text/plain"));
		assertThat(scrape.body()).contains("# TYPE limiter_decisions_total counter")
			.containsPattern(DECISIONS + "outcome=\"allowed\",path=\"backend\"[^}]*} (9|10|11)\\.0")
			.containsPattern(DECISIONS + "outcome=\"denied\",path=\"backend\"[^}]*} [0-9.]+")
			.contains("limiter_decision_latency_seconds_bucket{limit=\"hello\",le=")
			.as("every decision went to Redis: the block tier refuses locally only after Redis refused")
			.contains("limiter_decision_latency_seconds_count{limit=\"hello\"} 11");
	}

	private HttpResponse<String> get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).GET().build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
