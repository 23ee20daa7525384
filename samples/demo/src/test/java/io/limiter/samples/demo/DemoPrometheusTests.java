package io.limiter.samples.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * {@code /actuator/prometheus} lists the meters the Grafana dashboard of {@code samples/monitoring} queries, counting
 * exactly the requests that were allowed and those that were denied.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "management.endpoints.web.exposure.include=*")
class DemoPrometheusTests {

	private static final String DECISIONS = "limiter_decisions_total\\{limit=\"hello\",";

	/** Requests sent at once to {@code /api/hello}, whose limit refills 10 per second with a burst of 10. */
	private static final int REQUESTS = 30;

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Test
	void prometheusListsTheDecisionsAndTheLatencyHistogramWithoutCredentials() throws Exception {
		List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
		for (int i = 0; i < REQUESTS; i++) {
			responses.add(this.http.sendAsync(request("/api/hello"), HttpResponse.BodyHandlers.ofString()));
		}
		Map<Integer, Long> statuses = new HashMap<>();
		for (CompletableFuture<HttpResponse<String>> response : responses) {
			statuses.merge(response.get().statusCode(), 1L, Long::sum);
		}
		assertThat(statuses.keySet()).as("%d requests at once against 10 per second", REQUESTS)
			.containsExactlyInAnyOrder(200, 429);
		HttpResponse<String> scrape = get("/actuator/prometheus");
		assertThat(scrape.statusCode()).isEqualTo(200);
		assertThat(scrape.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("text/plain"));
		String body = scrape.body();
		assertThat(body).contains("# TYPE limiter_decisions_total counter")
			.contains("limiter_decision_latency_seconds_bucket{limit=\"hello\",le=");
		long deniedByRedis = decisions(body, "denied", "backend");
		assertThat(decisions(body, "allowed", "backend")).as("allowed").isEqualTo(statuses.get(200));
		assertThat(deniedByRedis + decisions(body, "denied", "local")).as("denied").isEqualTo(statuses.get(429));
		assertThat(deniedByRedis).as("the block tier refuses locally only after Redis refused").isPositive();
		assertThat(body).as("every decision on the backend path went to Redis, and was timed")
			.contains("limiter_decision_latency_seconds_count{limit=\"hello\"} " + (statuses.get(200) + deniedByRedis)
					+ "\n");
	}

	/** {@return the count of the decisions of {@code hello} of an outcome and a path, 0 when none was metered} */
	private static long decisions(String scrape, String outcome, String path) {
		String counter = DECISIONS + "outcome=\"" + outcome + "\",path=\"" + path + "\"[^}]*} ([0-9]+)\\.0\n";
		Matcher count = Pattern.compile(counter).matcher(scrape);
		return count.find() ? Long.parseLong(count.group(1)) : 0;
	}

	private HttpRequest request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path)).GET().build();
	}

	private HttpResponse<String> get(String path) throws Exception {
		return this.http.send(request(path), HttpResponse.BodyHandlers.ofString());
	}

}
