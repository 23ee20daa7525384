package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;

import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each failure policy over real HTTP while the application's Redis server is stopped (profile
 * {@code redis-stopped}): Redis decides while it runs (its keys are there), then a filter rule's fail-open limit lets
 * requests through beyond its capacity, a fail-closed one answers 429 with a {@code Retry-After}, and a local
 * fallback allows its first requests, no more than its capacity, and then denies. Each variant starts a Redis server
 * of its own, as it stops it.
 */
abstract class RedisStoppedContract {

	private static RedisServerProcess server;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private RateLimiterRegistry registry;

	static void redis(DynamicPropertyRegistry properties) {
		server = RedisFixtures.startStandalone();
		properties.add("limiter.redis.url", server::uri);
	}

	@AfterAll
	static void stopRedis() {
		server.close();
	}

	@Test
	void eachPolicyDecidesOverHttpWhileRedisIsStopped() throws Exception {
		assertThat(this.registry.backend()).isInstanceOf(RedisBackend.class);
		assertThat(get("/api/keys/open").statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/closed").statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/fallback").statusCode()).isEqualTo(200);
		whileRedisRuns();
		assertThat(keys()).as("the keys of the limits that Redis decided")
			.anyMatch((key) -> key.startsWith("limiter:{open:"))
			.anyMatch((key) -> key.startsWith("limiter:{closed:"))
			.anyMatch((key) -> key.startsWith("limiter:{fallback:"));
		server.stop();

		assertThat(statuses("/api/keys/open", 3)).as("fail-open beyond the capacity of 1, spent on Redis")
			.containsOnly(200);
		HttpResponse<String> closed = get("/api/keys/closed");
		assertThat(closed.statusCode()).as("fail-closed").isEqualTo(429);
		assertThat(closed.headers().firstValueAsLong("Retry-After").orElseThrow()).isPositive();
		assertThat(statuses("/api/keys/fallback", 4)).as("local fallback within the capacity of 2").startsWith(200)
			.endsWith(429, 429)
			.filteredOn((status) -> status == 200)
			.hasSizeLessThanOrEqualTo(2);
		whileRedisIsStopped();
	}

	/**
	 * Makes the requests of the variant while Redis runs, after those of the filter rules.
	 * @throws Exception when a request fails
	 */
	void whileRedisRuns() throws Exception {
	}

	/**
	 * Makes the requests of the variant while Redis is stopped, after those of the filter rules.
	 * @throws Exception when a request fails
	 */
	void whileRedisIsStopped() throws Exception {
	}

	List<String> keys() {
		List<String> keys = new ArrayList<>();
		for (Object key : (List<?>) server.command("KEYS", "limiter:*")) {
			keys.add(String.valueOf(key));
		}
		return keys;
	}

	List<Integer> statuses(String path, int requests) throws Exception {
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < requests; i++) {
			statuses.add(get(path).statusCode());
		}
		return statuses;
	}

	HttpResponse<String> get(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(30))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
