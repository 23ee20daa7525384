package io.limiter.spring;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.limiter.LimiterBackend;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.testapp.Gate;
import io.limiter.spring.testapp.LateBodies;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What filter rules may say beyond a limit and a key, over real HTTP, for the servlet filter and the WebFlux
 * filter alike: skip conditions, the shape of a denial, beans in SpEL, the principal key without a principal,
 * and counting only some statuses (with the bound on requests in flight). Every limit refills over an hour; each
 * test uses keys of its own, so that the contract runs as well on a Redis that other tests share.
 */
abstract class FilterRuleContract {

	/** Names the authenticated user of a request: the test applications turn it into the principal. */
	static final String USER = "X-Test-User";

	/** What {@link #outcome} reports when the connection closed before the answer ended. */
	static final int ABORTED = -1;

	private static final long HOUR = 3600;

	/** Seconds that may pass between a decision and a check of the wait it reports (Redis time runs on). */
	private static final long SLACK = 30;

	/** Keeps the keys of each test apart from those of every other test, in memory and on a shared Redis. */
	private final String run = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));

	/**
	 * One client for every request of a test, keeping its connections alive between them as clients do: on Redis,
	 * the next request of a connection arrives while the decision of the one before completes on a Redis thread,
	 * the case of reactor/reactor-netty#4361, which the WebFlux filter meets no more since it hands each exchange
	 * over after its decision.
	 */
	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();


	@LocalServerPort
	private int port;

	@Autowired
	private Gate gate;

	@Autowired
	private RateLimiterRegistry registry;

	/**
	 * Returns the backend the limits should live in.
	 * @return its class
	 */
	abstract Class<? extends LimiterBackend> backend();

	@Test
	void limitsLiveInTheBackendOfTheTest() {
		assertThat(this.registry.backend()).isInstanceOf(backend());
	}

	@Test
	void skipConditionLeavesMatchingRequestsUnlimited() {
		for (int i = 0; i < 3; i++) {
			assertThat(get("/api/keys/skippable", "X-Forwarded-For", client(1), "X-Internal", "yes").statusCode())
				.isEqualTo(200);
		}
		assertThat(get("/api/keys/skippable", "X-Forwarded-For", client(1)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/skippable", "X-Forwarded-For", client(1)).statusCode()).isEqualTo(429);
		assertThat(get("/api/keys/skippable", "X-Forwarded-For", client(1), "X-Internal", "yes").statusCode())
			.isEqualTo(200);
	}

	@Test
	void denialHasTheRulesStatusHeadersAndBody() {
		assertThat(get("/api/keys/shaped", "X-Forwarded-For", client(2)).statusCode()).isEqualTo(200);
		HttpResponse<String> denied = get("/api/keys/shaped", "X-Forwarded-For", client(2));
		assertThat(denied.statusCode()).isEqualTo(503);
		assertThat(denied.headers().firstValue("X-Limited")).hasValue("shaped");
		assertThat(seconds(denied.headers().firstValue("Retry-After").orElseThrow())).isBetween(HOUR - SLACK, HOUR);
		assertThat(denied.headers().firstValue("RateLimit").orElseThrow()).startsWith("\"shaped\";r=0;t=");
		assertThat(denied.headers().firstValue("Content-Type")).hasValue("text/plain;charset=UTF-8");
		assertThat(denied.body()).isEqualTo("Slow down.");
	}

	@Test
	void bodyWriterBeanWritesTheDenial() {
		assertThat(get("/api/keys/written", "X-Forwarded-For", client(3)).statusCode()).isEqualTo(200);
		HttpResponse<String> denied = get("/api/keys/written", "X-Forwarded-For", client(3));
		assertThat(denied.statusCode()).isEqualTo(420);
		assertThat(denied.headers().firstValue("Content-Type")).hasValue("application/json");
		String written = "{\"limited\":\"written\",\"status\":420,\"wait\":";
		assertThat(denied.body()).startsWith(written).endsWith("}");
		assertThat(seconds(denied.body().substring(written.length(), denied.body().length() - 1)))
			.isBetween(HOUR - SLACK, HOUR);
	}

	@Test
	void keysAndConditionsCallBeans() {
		assertThat(get("/api/keys/planned", "X-User", user("alice")).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/planned", "X-User", user("alice")).statusCode()).isEqualTo(429);
		assertThat(this.registry.limiter("planned").peek("plan-of-" + user("alice")).remaining()).isZero();
		assertThat(get("/api/keys/planned", "X-User", user("bob")).statusCode()).isEqualTo(200);
		for (int i = 0; i < 3; i++) {
			assertThat(get("/api/keys/planned", "X-User", "root").statusCode()).isEqualTo(200);
		}
	}

	/**
	 * A client that sends its next request on a connection before the server has finished with the one before
	 * (HTTP/1.1 pipelining, or a quick client): a decided request, then a skipped one, then more on the same
	 * connection, every one answered. On Reactor Netty 1.3.6 a request that was held back behind an unfinished one
	 * and then completed on the server's own thread left the connection unread (reactor/reactor-netty#4361): the
	 * WebFlux filter does not make a request unfinished when a request that it skips would complete at once.
	 */
	@Test
	void aRequestHeldBehindADecidedOneLeavesTheConnectionRead() throws Exception {
		try (KeptAliveConnection connection = new KeptAliveConnection(this.port)) {
			for (int round = 0; round < 5; round++) {
				connection.send(planned(user("trent-" + round)), planned("root"));
				assertThat(connection.statusLines(2)).containsExactly("HTTP/1.1 200", "HTTP/1.1 200");
				connection.send(planned("root"));
				assertThat(connection.statusLines(1)).containsExactly("HTTP/1.1 200");
			}
		}
	}

	private static String planned(String user) {
		return KeptAliveConnection.get("/api/keys/planned", "X-User", user);
	}

	@Test
	void principalKeyFallsBackToTheClientAddressWithoutAUser() {
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", client(4)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", client(4)).statusCode()).isEqualTo(429);
		assertThat(this.registry.limiter("anonymous").peek(clientKey(4)).remaining()).isZero();
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", client(5)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", client(4), USER, user("erin")).statusCode())
			.isEqualTo(200);
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", client(6), USER, user("erin")).statusCode())
			.isEqualTo(429);
	}

	@Test
	void onlyTheCountedStatusesUseUpTheLimit() {
		for (int i = 0; i < 5; i++) {
			assertThat(get("/api/outcome/200", "X-User", user("frank")).statusCode()).isEqualTo(200);
			assertThat(get("/api/outcome/302", "X-User", user("frank")).statusCode()).isEqualTo(302);
		}
		assertThat(this.registry.limiter("failures").peek(user("frank")).remaining()).isEqualTo(2);
		assertThat(get("/api/outcome/401", "X-User", user("frank")).statusCode()).isEqualTo(401);
		assertThat(get("/api/outcome/200", "X-User", user("frank")).statusCode()).isEqualTo(200);
		assertThat(get("/api/outcome/404", "X-User", user("frank")).statusCode()).isEqualTo(404);
		HttpResponse<String> denied = get("/api/outcome/200", "X-User", user("frank"));
		assertThat(denied.statusCode()).isEqualTo(429);
		assertThat(denied.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(get("/api/outcome/200", "X-User", user("grace")).statusCode()).isEqualTo(200);
	}

	@Test
	void aLaterRuleThatDeniesGivesTheCountedRulesPermitsBack() {
		assertThat(get("/api/keys/chained", "X-User", user("ivan")).statusCode()).isEqualTo(200);
		HttpResponse<String> denied = get("/api/keys/chained", "X-User", user("ivan"));
		assertThat(denied.statusCode()).isEqualTo(429);
		assertThat(denied.body()).contains("\"limit\":\"chained-tight\"");
		assertThat(this.registry.limiter("chained-failures").peek(user("ivan")).remaining()).isEqualTo(2);
	}

	@Test
	void errorsCountWithTheStatusTheyAreAnsweredWith() {
		assertThat(get("/api/failing", "X-User", user("heidi")).statusCode()).isEqualTo(500);
		assertThat(this.registry.limiter("failures").peek(user("heidi")).remaining()).isEqualTo(1);
		assertThat(get("/api/forbidden", "X-User", user("heidi")).statusCode()).isEqualTo(403);
		assertThat(this.registry.limiter("failures").peek(user("heidi")).remaining()).isZero();
	}

	/**
	 * An answer that fails after it started, its status set and its body begun, counts with the status it ends
	 * with, not the one it started with: a serialization that fails (answered with 500), and a serialization or a
	 * streamed body that breaks off after its start left the server, count as server errors, while answers of the
	 * same kinds that end well are given back.
	 */
	@Test
	void answersThatFailWhileTheyAreWrittenCountAsServerErrors() {
		for (int i = 0; i < 4; i++) {
			HttpResponse<String> json = get("/api/late/json/fine", "X-User", user("olivia"));
			assertThat(json.statusCode()).isEqualTo(200);
			assertThat(json.body()).contains("\"name\":\"fine\"");
			HttpResponse<String> stream = get("/api/late/stream/fine", "X-User", user("olivia"));
			assertThat(stream.statusCode()).isEqualTo(200);
			assertThat(stream.body()).isEqualTo(LateBodies.FIRST_CHUNK + LateBodies.LAST_CHUNK);
		}
		assertThat(this.registry.limiter("late").peek(user("olivia")).remaining()).isEqualTo(3);
		assertThat(outcome("/api/late/json/breaking", user("olivia"))).isEqualTo(500);
		// Spring MVC ends the answer as if it were whole (its body broken), WebFlux closes the connection
		assertThat(outcome("/api/late/json/breaking-late", user("olivia"))).isIn(200, ABORTED);
		assertThat(outcome("/api/late/stream/breaking", user("olivia"))).isEqualTo(ABORTED);
		assertThat(this.registry.limiter("late").peek(user("olivia")).remaining()).isZero();
		assertThat(outcome("/api/late/stream/breaking", user("olivia"))).isEqualTo(429);
		assertThat(outcome("/api/late/json/fine", user("olivia"))).isEqualTo(429);
	}

	/**
	 * A client that goes away while its answer is streamed is no server error: the request keeps the status it was
	 * answered with, which a rule that counts server errors gives back.
	 */
	@Test
	void aClientThatGoesAwayIsNoServerError() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.getOutputStream()
				.write(("GET /api/late/endless HTTP/1.1\r\nHost: 127.0.0.1\r\nX-User: " + user("peggy") + "\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			byte[] statusLine = socket.getInputStream().readNBytes("HTTP/1.1 200".length());
			assertThat(new String(statusLine, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
			assertThat(this.registry.limiter("late").peek(user("peggy")).remaining()).isEqualTo(2);
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (this.registry.limiter("late").peek(user("peggy")).remaining() < 3) {
			assertThat(System.nanoTime()).as("permits given back before the deadline").isLessThan(deadline);
			Thread.sleep(10);
		}
	}

	/**
	 * The bound of counting after the request: permits are taken before it, so no more requests of a key are in
	 * flight than it has permits, and the counted ones never exceed the limit however many arrive at once.
	 */
	@Test
	void requestsInFlightNeverExceedTheRemainingPermits() throws Exception {
		List<Integer> failed = inFlight("/api/gated/401", user("mallory"), 12);
		assertThat(failed).filteredOn((status) -> status == 401).hasSize(3);
		assertThat(failed).filteredOn((status) -> status == 429).hasSize(9);
		assertThat(get("/api/gated/200", "X-User", user("mallory")).statusCode()).isEqualTo(429);

		List<Integer> succeeded = inFlight("/api/gated/200", user("niaj"), 12);
		assertThat(succeeded).filteredOn((status) -> status == 200).hasSize(3);
		assertThat(succeeded).filteredOn((status) -> status == 429).hasSize(9);
		for (int i = 0; i < 5; i++) {
			assertThat(get("/api/gated/200", "X-User", user("niaj")).statusCode()).isEqualTo(200);
		}
		assertThat(this.registry.limiter("gated").peek(user("niaj")).remaining()).isEqualTo(3);
	}

	/**
	 * Sends requests of one key at once and holds those that get through in their handler until every other one
	 * is answered, then lets them finish.
	 * @return the statuses
	 */
	private List<Integer> inFlight(String path, String user, int requests) throws Exception {
		this.gate.close();
		List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
		for (int i = 0; i < requests; i++) {
			responses.add(this.http.sendAsync(request(path, "X-User", user), HttpResponse.BodyHandlers.ofString()));
		}
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (responses.stream().filter(CompletableFuture::isDone).count() < requests - 3
				|| this.gate.entered() < 3) {
			assertThat(System.nanoTime()).as("requests answered before the deadline").isLessThan(deadline);
			Thread.sleep(10);
		}
		assertThat(this.gate.entered()).as("requests in flight").isEqualTo(3);
		this.gate.open();
		List<Integer> statuses = new ArrayList<>();
		for (CompletableFuture<HttpResponse<String>> response : responses) {
			statuses.add(response.get().statusCode());
		}
		assertThat(this.gate.entered()).isEqualTo(3);
		return statuses;
	}

	/**
	 * Returns the status of an answer, or {@link #ABORTED} when the connection closed before the answer ended.
	 */
	private int outcome(String path, String user) {
		try {
			return this.http.send(request(path, "X-User", user), HttpResponse.BodyHandlers.ofString()).statusCode();
		}
		catch (IOException ex) {
			return ABORTED;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static long seconds(String text) {
		return Long.parseLong(text.trim());
	}

	private String user(String name) {
		return name + "-" + this.run;
	}

	/** An IPv6 client of this test, keyed by its /64 network. */
	private String client(int network) {
		return "2001:db8:" + this.run + ":" + network + "::1";
	}

	private String clientKey(int network) {
		return "2001:db8:" + this.run + ":" + network + "::/64";
	}

	private HttpResponse<String> get(String path, String... headers) {
		try {
			return this.http.send(request(path, headers), HttpResponse.BodyHandlers.ofString());
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private HttpRequest request(String path, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(Duration.ofSeconds(30));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return request.build();
	}

}
