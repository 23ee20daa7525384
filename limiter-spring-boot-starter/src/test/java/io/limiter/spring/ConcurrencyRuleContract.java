package io.limiter.spring;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.limiter.ConcurrencyLimiter;
import io.limiter.LimiterBackend;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.testapp.Gate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Filter rules that name concurrency limits, over real HTTP, for the servlet filter and the WebFlux filter alike: a
 * request holds its permit while it runs, and gives it back when it ends, however it ends. The permit of a request
 * returns when the server is done with it, which may be just after the client has its answer; the tests therefore
 * wait, within a deadline, for the count of permits in flight to come back to zero. Each test uses keys of its own,
 * so that the contract runs as well on a Redis that other tests share.
 */
abstract class ConcurrencyRuleContract {

	private static final Duration DEADLINE = Duration.ofSeconds(10);

	/** Keeps the keys of each test apart from those of every other test, in memory and on a shared Redis. */
	private final String run = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));

	@LocalServerPort
	private int port;

	@Autowired
	private ConcurrencyLimiters limiters;

	@Autowired
	private LimiterBackend limiterBackend;

	/**
	 * Returns the backend the limits should live in.
	 * @return its class
	 */
	abstract Class<? extends LimiterBackend> backend();

	/** {@return the gate that holds the requests of the test application} */
	abstract Gate gate();

	@AfterEach
	void closeGate() {
		gate().open();
		gate().close();
	}

	@Test
	void limitsLiveInTheBackendOfTheTest() {
		assertThat(this.limiterBackend).isInstanceOf(backend());
	}

	@Test
	void thirdRequestInFlightIsDeniedAndTheirPermitsReturnWhenTheyEnd() throws Exception {
		String client = "10.1." + ThreadLocalRandom.current().nextInt(256) + "." + (1 + ThreadLocalRandom.current()
			.nextInt(254));
		CompletableFuture<HttpResponse<String>> first = send("/api/held/gated", "X-Forwarded-For", client);
		CompletableFuture<HttpResponse<String>> second = send("/api/held/gated", "X-Forwarded-For", client);
		await(() -> gate().entered() == 2, "two requests in their handlers");
		assertThat(inFlight("held", client)).isEqualTo(2);
		HttpResponse<String> third = send("/api/held/gated", "X-Forwarded-For", client).get();
		assertThat(third.statusCode()).isEqualTo(429);
		assertThat(third.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(third.headers().firstValue("RateLimit")).isEmpty();
		assertThat(third.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(third.body()).contains("\"limit\":\"held\"").contains("\"retryAfter\":1");
		assertThat(gate().entered()).isEqualTo(2);
		CompletableFuture<HttpResponse<String>> otherClient = send("/api/held/gated", "X-Forwarded-For", "10.2.0.1");
		await(() -> gate().entered() == 3, "another client's request in its handler");
		gate().open();
		assertThat(first.get().statusCode()).isEqualTo(200);
		assertThat(second.get().statusCode()).isEqualTo(200);
		assertThat(otherClient.get().statusCode()).isEqualTo(200);
		awaitNoneInFlight("held", client);
		assertThat(send("/api/held/gated", "X-Forwarded-For", client).get().statusCode()).isEqualTo(200);
	}

	@Test
	void permitReturnsWhenTheHandlerFails() throws Exception {
		String user = user("failing");
		assertThat(send("/api/held-one/failing", "X-User", user).get().statusCode()).isEqualTo(500);
		awaitNoneInFlight("held-one", user);
		assertThat(send("/api/held-one/failing", "X-User", user).get().statusCode()).isEqualTo(500);
	}

	@Test
	void permitIsHeldUntilAnAsynchronousAnswerCompletes() throws Exception {
		String user = user("async");
		CompletableFuture<HttpResponse<String>> held = send("/api/held-one/async", "X-User", user);
		await(() -> gate().entered() == 1, "the request in its handler");
		assertThat(inFlight("held-one", user)).isEqualTo(1);
		assertThat(send("/api/held-one/async", "X-User", user).get().statusCode()).isEqualTo(429);
		gate().open();
		assertThat(held.get().statusCode()).isEqualTo(200);
		awaitNoneInFlight("held-one", user);
	}

	/**
	 * Sends a request on a socket of its own and closes it while the request waits in its handler.
	 * @param user the key of the request
	 * @throws IOException when the server cannot be reached
	 * @throws InterruptedException when interrupted while it waits for the request to reach its handler
	 */
	void leaveWhileHeld(String user) throws IOException, InterruptedException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write(("GET /api/held-one/gated HTTP/1.1\r\nHost: 127.0.0.1\r\nX-User: " + user + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			await(() -> gate().entered() == 1, "the request in its handler");
			assertThat(inFlight("held-one", user)).isEqualTo(1);
		}
	}

	String user(String name) {
		return name + "-" + this.run;
	}

	long inFlight(String limit, String key) {
		return limiter(limit).inFlight(key);
	}

	void awaitNoneInFlight(String limit, String key) throws InterruptedException {
		ConcurrencyLimiter limiter = limiter(limit);
		await(() -> limiter.inFlight(key) == 0, "no permit of " + key + " in flight");
	}

	private ConcurrencyLimiter limiter(String limit) {
		return this.limiters.get(limit);
	}

	private static void await(BooleanSupplier condition, String what) throws InterruptedException {
		long deadline = System.nanoTime() + DEADLINE.toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as(what + " before the deadline").isLessThan(deadline);
			Thread.sleep(10);
		}
	}

	private CompletableFuture<HttpResponse<String>> send(String path, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(30));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return HttpClient.newHttpClient().sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
