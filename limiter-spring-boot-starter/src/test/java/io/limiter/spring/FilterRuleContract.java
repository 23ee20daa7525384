package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.limiter.spring.testapp.Gate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What filter rules may say beyond a limit and a key, over real HTTP, for the servlet filter and the WebFlux
 * filter alike: skip conditions, the shape of a denial, beans in SpEL, the principal key without a principal,
 * and counting only some statuses (with the bound on requests in flight). Every limit refills over an hour; each
 * test uses its own keys.
 */
abstract class FilterRuleContract {

	/** Names the authenticated user of a request: the test applications turn it into the principal. */
	static final String USER = "X-Test-User";

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private Gate gate;

	@Autowired
	private RateLimiterRegistry registry;

	@Test
	void skipConditionLeavesMatchingRequestsUnlimited() {
		for (int i = 0; i < 3; i++) {
			assertThat(get("/api/keys/skippable", "X-Forwarded-For", "192.0.2.1", "X-Internal", "yes").statusCode())
				.isEqualTo(200);
		}
		assertThat(get("/api/keys/skippable", "X-Forwarded-For", "192.0.2.1").statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/skippable", "X-Forwarded-For", "192.0.2.1").statusCode()).isEqualTo(429);
		assertThat(get("/api/keys/skippable", "X-Forwarded-For", "192.0.2.1", "X-Internal", "yes").statusCode())
			.isEqualTo(200);
	}

	@Test
	void denialHasTheRulesStatusHeadersAndBody() {
		assertThat(get("/api/keys/shaped", "X-Forwarded-For", "192.0.2.2").statusCode()).isEqualTo(200);
		HttpResponse<String> denied = get("/api/keys/shaped", "X-Forwarded-For", "192.0.2.2");
		assertThat(denied.statusCode()).isEqualTo(503);
		assertThat(denied.headers().firstValue("X-Limited")).hasValue("shaped");
		assertThat(denied.headers().firstValue("Retry-After")).hasValue("3600");
		assertThat(denied.headers().firstValue("RateLimit")).hasValue("\"shaped\";r=0;t=3600");
		assertThat(denied.headers().firstValue("Content-Type")).hasValue("text/plain;charset=UTF-8");
		assertThat(denied.body()).isEqualTo("Slow down.");
	}

	@Test
	void bodyWriterBeanWritesTheDenial() {
		assertThat(get("/api/keys/written", "X-Forwarded-For", "192.0.2.3").statusCode()).isEqualTo(200);
		HttpResponse<String> denied = get("/api/keys/written", "X-Forwarded-For", "192.0.2.3");
		assertThat(denied.statusCode()).isEqualTo(420);
		assertThat(denied.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(denied.body()).isEqualTo("{\"limited\":\"written\",\"status\":420,\"wait\":3600}");
	}

	@Test
	void keysAndConditionsCallBeans() {
		assertThat(get("/api/keys/planned", "X-User", "alice").statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/planned", "X-User", "alice").statusCode()).isEqualTo(429);
		assertThat(this.registry.limiter("planned").peek("plan-of-alice").remaining()).isZero();
		assertThat(get("/api/keys/planned", "X-User", "bob").statusCode()).isEqualTo(200);
		for (int i = 0; i < 3; i++) {
			assertThat(get("/api/keys/planned", "X-User", "root").statusCode()).isEqualTo(200);
		}
	}

	@Test
	void principalKeyFallsBackToTheClientAddressWithoutAUser() {
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", "192.0.2.4").statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", "192.0.2.4").statusCode()).isEqualTo(429);
		assertThat(this.registry.limiter("anonymous").peek("192.0.2.4").remaining()).isZero();
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", "192.0.2.5").statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", "192.0.2.4", USER, "erin").statusCode())
			.isEqualTo(200);
		assertThat(get("/api/keys/anonymous", "X-Forwarded-For", "192.0.2.6", USER, "erin").statusCode())
			.isEqualTo(429);
	}

	@Test
	void onlyTheCountedStatusesUseUpTheLimit() {
		for (int i = 0; i < 5; i++) {
			assertThat(get("/api/outcome/200", "X-User", "frank").statusCode()).isEqualTo(200);
			assertThat(get("/api/outcome/302", "X-User", "frank").statusCode()).isEqualTo(302);
		}
		assertThat(this.registry.limiter("failures").peek("frank").remaining()).isEqualTo(2);
		assertThat(get("/api/outcome/401", "X-User", "frank").statusCode()).isEqualTo(401);
		assertThat(get("/api/outcome/200", "X-User", "frank").statusCode()).isEqualTo(200);
		assertThat(get("/api/outcome/404", "X-User", "frank").statusCode()).isEqualTo(404);
		HttpResponse<String> denied = get("/api/outcome/200", "X-User", "frank");
		assertThat(denied.statusCode()).isEqualTo(429);
		assertThat(denied.headers().firstValue("Content-Type")).hasValue("application/problem+json");
		assertThat(get("/api/outcome/200", "X-User", "grace").statusCode()).isEqualTo(200);
	}

	@Test
	void errorsCountWithTheStatusTheyAreAnsweredWith() {
		assertThat(get("/api/failing", "X-User", "heidi").statusCode()).isEqualTo(500);
		assertThat(this.registry.limiter("failures").peek("heidi").remaining()).isEqualTo(1);
		assertThat(get("/api/forbidden", "X-User", "heidi").statusCode()).isEqualTo(403);
		assertThat(this.registry.limiter("failures").peek("heidi").remaining()).isZero();
	}

	/**
	 * The bound of counting after the request: permits are taken before it, so no more requests of a key are in
	 * flight than it has permits, and the counted ones never exceed the limit however many arrive at once.
	 */
	@Test
	void requestsInFlightNeverExceedTheRemainingPermits() throws Exception {
		List<Integer> failed = inFlight("/api/gated/401", "mallory", 12);
		assertThat(failed).filteredOn((status) -> status == 401).hasSize(3);
		assertThat(failed).filteredOn((status) -> status == 429).hasSize(9);
		assertThat(get("/api/gated/200", "X-User", "mallory").statusCode()).isEqualTo(429);

		List<Integer> succeeded = inFlight("/api/gated/200", "niaj", 12);
		assertThat(succeeded).filteredOn((status) -> status == 200).hasSize(3);
		assertThat(succeeded).filteredOn((status) -> status == 429).hasSize(9);
		for (int i = 0; i < 5; i++) {
			assertThat(get("/api/gated/200", "X-User", "niaj").statusCode()).isEqualTo(200);
		}
		assertThat(this.registry.limiter("gated").peek("niaj").remaining()).isEqualTo(3);
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
