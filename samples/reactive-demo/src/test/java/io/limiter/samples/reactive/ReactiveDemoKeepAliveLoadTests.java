package io.limiter.samples.reactive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

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

	private final ExecutorService clients = Executors.newFixedThreadPool(CONNECTIONS);

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.executor(this.clients)
		.build();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@AfterEach
	void stopClients() {
		this.clients.shutdownNow();
	}

	@Test
	void everyRequestThroughTheFilterIsAnsweredOnKeptAliveConnections() throws Exception {
		Load load = run("/api/hello");
		assertEveryRequestAnswered(load);
		assertThat(load.allowed.get()).as("token bucket 10 per second, burst 10, over %d ms", load.millis)
			.isBetween(10, 10 + (int) (10 * load.millis / 1000) + 1);
	}

	@Test
	void everyRequestToAReactiveRateLimitedMethodIsAnsweredOnKeptAliveConnections() throws Exception {
		Load load = run("/api/users/42/quote");
		assertEveryRequestAnswered(load);
		assertThat(load.allowed.get()).as("5 per 250 ms over %d ms", load.millis)
			.isBetween(5, 5 + (int) (5 * load.millis / 250) + 5);
	}

	/** Every request got 200 or 429 within the client's timeout, and the load reached the limit. */
	private static void assertEveryRequestAnswered(Load load) {
		assertThat(load.unanswered).as("requests not answered within %s", CLIENT_TIMEOUT).hasValue(0);
		assertThat(load.other).as("answers other than 200 and 429").hasValue(0);
		assertThat(load.denied.get()).as("requests denied at the limit").isPositive();
	}

	private Load run(String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(CLIENT_TIMEOUT)
			.GET()
			.build();
		Load load = new Load();
		long start = System.nanoTime();
		long end = start + LOAD.toNanos();
		ExecutorService senders = Executors.newFixedThreadPool(CONNECTIONS);
		try {
			List<Future<?>> connections = new ArrayList<>();
			for (int i = 0; i < CONNECTIONS; i++) {
				connections.add(senders.submit(() -> sendUntil(end, request, load)));
			}
			for (Future<?> connection : connections) {
				connection.get(LOAD.plus(CLIENT_TIMEOUT).toSeconds() + 10, TimeUnit.SECONDS);
			}
		}
		finally {
			senders.shutdownNow();
		}
		load.millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		return load;
	}

	private Void sendUntil(long end, HttpRequest request, Load load) throws Exception {
		while (System.nanoTime() < end) {
			try {
				int status = this.http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
				(status == 200 ? load.allowed : status == 429 ? load.denied : load.other).incrementAndGet();
			}
			catch (HttpTimeoutException ex) {
				load.unanswered.incrementAndGet();
			}
		}
		return null;
	}

	private static final class Load {

		private final AtomicInteger allowed = new AtomicInteger();

		private final AtomicInteger denied = new AtomicInteger();

		private final AtomicInteger other = new AtomicInteger();

		private final AtomicInteger unanswered = new AtomicInteger();

		private long millis;

	}

}
