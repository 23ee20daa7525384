package io.limiter.samples.reactive;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Collections;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.testsupport.HttpLoad;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reactive demo on Redis with its default local tier, under load from clients that keep their connections
 * alive, as every HTTP client does: sixteen of them, each sending its next request as soon as the last is answered,
 * at a hot key's limit (one client address) for a few seconds. Every request is answered, none later than the
 * client's timeout, and the grants stay within the limit. Through the filter ({@code /api/hello}) and through a
 * reactive {@code @RateLimited} method ({@code /api/users/{id}/quote}, its limit lowered to 5 per 250 ms so that it
 * refills during the run).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "limiter.limits.quote.capacity=5", "limiter.limits.quote.period=250ms" })
class ReactiveDemoKeepAliveLoadTests {

	private static final int CONNECTIONS = 16;

	private static final Duration LOAD = Duration.ofSeconds(4);

	private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(5);

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Test
	void everyRequestThroughTheFilterIsAnsweredOnKeptAliveConnections() throws Exception {
		HttpLoad.Answers load = run("/api/hello");
		assertEveryRequestAnswered(load);
		assertThat(load.allowed()).as("token bucket 10 per second, burst 10, over %d ms", load.millis())
			.isBetween(10, 10 + (int) (10 * load.millis() / 1000) + 1);
	}

	@Test
	void everyRequestToAReactiveRateLimitedMethodIsAnsweredOnKeptAliveConnections() throws Exception {
		HttpLoad.Answers load = run("/api/users/42/quote");
		assertEveryRequestAnswered(load);
		assertThat(load.allowed()).as("5 per 250 ms over %d ms", load.millis())
			.isBetween(5, 5 + (int) (5 * load.millis() / 250) + 5);
	}

	/** Every request got 200 or 429 within the client's timeout, and the load reached the limit. */
	private static void assertEveryRequestAnswered(HttpLoad.Answers load) {
		assertThat(load.unanswered()).as("requests not answered within %s", CLIENT_TIMEOUT).isZero();
		assertThat(load.other()).as("answers other than 200 and 429").isZero();
		assertThat(load.denied()).as("requests denied at the limit").isPositive();
	}

	private HttpLoad.Answers run(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(CLIENT_TIMEOUT)
			.GET()
			.build();
		return HttpLoad.run(Collections.nCopies(CONNECTIONS, request), LOAD).get(request);
	}

}
