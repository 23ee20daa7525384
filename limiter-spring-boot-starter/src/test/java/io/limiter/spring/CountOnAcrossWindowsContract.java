package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.limiter.LimiterClock;
import io.limiter.spring.testapp.Gate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue #23: a rule that counts only failures ({@code count-on: 401}) under a fixed window of 3 per second, in memory,
 * on a clock the test moves, for the servlet filter and the WebFlux filter alike. Three requests take their permits
 * 900 ms into a window and are held; three failures come in the next window's first millisecond; then the held
 * requests succeed and are refunded. Their permits were taken in the window that has ended, so the refund gives
 * nothing to the new one: three more failures in that millisecond are all denied, and the counted failures stay at the
 * limit, as under a token bucket.
 */
abstract class CountOnAcrossWindowsContract {

	/** The limit and the rule: properties of every subclass's {@code @SpringBootTest}. */
	static final String ALGORITHM = "limiter.limits.counted.algorithm=fixed-window";

	static final String CAPACITY = "limiter.limits.counted.capacity=3";

	static final String PERIOD = "limiter.limits.counted.period=1s";

	static final String PATHS = "limiter.filter.rules[0].paths=/api/gated/**,/api/outcome/**";

	static final String LIMIT = "limiter.filter.rules[0].limit=counted";

	static final String KEY = "limiter.filter.rules[0].key=header:X-User";

	static final String COUNT_ON = "limiter.filter.rules[0].count-on=401";

	/** 900 ms into a window of one second. */
	private static final long START = 1_700_000_000_900L;

	private static final AtomicLong now = new AtomicLong(START);

	@LocalServerPort
	private int port;

	@Autowired
	private Gate gate;

	@Test
	void aRefundAfterTheWindowEndedAddsNothingToTheNextOne() throws Exception {
		now.set(START);
		this.gate.close();
		List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			held.add(http().sendAsync(request("/api/gated/200"), HttpResponse.BodyHandlers.ofString()));
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (this.gate.entered() < 3) {
			assertThat(System.nanoTime()).as("three requests in flight before the deadline").isLessThan(deadline);
			Thread.sleep(10);
		}
		now.addAndGet(100);
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			statuses.add(get("/api/outcome/401"));
		}
		this.gate.open();
		for (CompletableFuture<HttpResponse<String>> response : held) {
			assertThat(response.get().statusCode()).isEqualTo(200);
		}
		for (int i = 0; i < 3; i++) {
			statuses.add(get("/api/outcome/401"));
		}
		assertThat(statuses).as("counted failures within one millisecond of the new window")
			.containsExactly(401, 401, 401, 429, 429, 429);
	}

	private static HttpClient http() {
		return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
	}

	private int get(String path) throws Exception {
		return http().send(request(path), HttpResponse.BodyHandlers.ofString()).statusCode();
	}

	private HttpRequest request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("X-User", "mallory")
			.timeout(Duration.ofSeconds(30))
			.build();
	}

	/** The time of the in-memory backend, which the test moves. */
	@Configuration(proxyBeanMethods = false)
	static class MovedClock {

		@Bean
		LimiterClock limiterClock() {
			return now::get;
		}

	}

}
