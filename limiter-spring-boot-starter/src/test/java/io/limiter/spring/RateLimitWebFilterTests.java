package io.limiter.spring;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import io.limiter.spring.testapp.reactive.ReactiveTestApplication;
import io.limiter.spring.testapp.reactive.ReactiveTestController;

import static io.limiter.spring.testapp.reactive.ReactiveTestApplication.REMOTE;
import static io.limiter.spring.testapp.reactive.ReactiveTestApplication.USER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WebFlux filter through WebTestClient on a Netty server, with the rules of the servlet filter's tests:
 * keys, trusted proxies, headers, problem bodies, shadow mode and metrics. Every limit refills over an hour,
 * so that nothing refills during a test; each test uses its own client address or key. The client address is
 * named in {@link ReactiveTestApplication#REMOTE}, which stands in for the TCP peer.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ActiveProfiles("reactive")
class RateLimitWebFilterTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private MeterRegistry meters;

	/**
	 * In memory a limited exchange goes on on the server's thread, as one that no rule matches does: no exchange of a
	 * connection waits for another thread, so Reactor Netty holds no request back behind it (reactor-netty#4361).
	 */
	@Test
	void inMemoryLimitedAndUnlimitedExchangesGoOnOnTheServersThread() {
		assertThat(ReactiveTestController.threadOf(this.client, "/api/thread")).contains("-http-").doesNotStartWith("parallel-");
		assertThat(ReactiveTestController.threadOf(this.client, "/api/thread/unlimited")).contains("-http-").doesNotStartWith("parallel-");
	}

	@Test
	void allowedRequestCarriesRateLimitFields() {
		this.client.get()
			.uri("/api/hello")
			.header(REMOTE, "192.0.2.1")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.valueEquals("RateLimit-Policy", "\"hello\";q=3;w=3600")
			.expectHeader()
			.valueEquals("RateLimit", "\"hello\";r=2;t=1200")
			.expectHeader()
			.doesNotExist("X-RateLimit-Limit")
			.expectBody(String.class)
			.isEqualTo("hello");
	}

	@Test
	void aLimitOfSeveralRatesAnnouncesEachAndReportsTheRateClosestToRefusing() {
		String policy = "\"multi/3600s\";q=3;w=3600, \"multi/36000s\";q=2;w=36000";
		this.client.get().uri("/api/keys/multi").header(REMOTE, "192.0.2.60").exchange()
			.expectStatus().isOk()
			.expectHeader().valueEquals("RateLimit-Policy", policy)
			.expectHeader().valueEquals("RateLimit", "\"multi/36000s\";r=1;t=18000");
		this.client.get().uri("/api/keys/multi").header(REMOTE, "192.0.2.60").exchange()
			.expectStatus().isOk()
			.expectHeader().valueEquals("RateLimit", "\"multi/36000s\";r=0;t=36000");
		this.client.get().uri("/api/keys/multi").header(REMOTE, "192.0.2.60").exchange()
			.expectStatus().isEqualTo(429)
			.expectHeader().valueEquals("Retry-After", "18000")
			.expectHeader().valueEquals("RateLimit-Policy", policy)
			.expectHeader().valueEquals("RateLimit", "\"multi/36000s\";r=0;t=36000");
	}

	@Test
	void requestBeyondTheLimitGets429WithRetryAfterAndProblemBody() {
		exhaust("/api/hello", REMOTE, "192.0.2.2", 3);
		this.client.get()
			.uri("/api/hello")
			.header(REMOTE, "192.0.2.2")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("Retry-After", "1200")
			.expectHeader()
			.valueEquals("RateLimit", "\"hello\";r=0;t=3600")
			.expectHeader()
			.contentType("application/problem+json")
			.expectBody()
			.jsonPath("$.type")
			.doesNotExist()
			.jsonPath("$.title")
			.isEqualTo("Too Many Requests")
			.jsonPath("$.status")
			.isEqualTo(429)
			.jsonPath("$.detail")
			.isEqualTo("Rate limit 'hello' exceeded; retry after 1200 s.")
			.jsonPath("$.instance")
			.isEqualTo("/api/hello")
			.jsonPath("$.limit")
			.isEqualTo("hello")
			.jsonPath("$.retryAfter")
			.isEqualTo(1200);
		status("/api/hello", REMOTE, "192.0.2.3", 200);
	}

	@Test
	void methodsSelectTheRuleAndCostTakesSeveralPermits() {
		this.client.post()
			.uri("/api/hello")
			.header(REMOTE, "192.0.2.4")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.valueEquals("RateLimit", "\"posts\";r=0;t=3600");
		this.client.post().uri("/api/hello").header(REMOTE, "192.0.2.4").exchange().expectStatus().isEqualTo(429);
		this.client.get()
			.uri("/api/hello")
			.header(REMOTE, "192.0.2.4")
			.exchange()
			.expectStatus()
			.isOk()
			.expectHeader()
			.valueEquals("RateLimit", "\"hello\";r=2;t=1200");
	}

	@Test
	void pathsWithoutRuleAreNotLimited() {
		for (int i = 0; i < 5; i++) {
			this.client.get()
				.uri("/api/other")
				.header(REMOTE, "192.0.2.5")
				.exchange()
				.expectStatus()
				.isOk()
				.expectHeader()
				.doesNotExist("RateLimit");
		}
	}

	@Test
	void headerKeyLimitsPerHeaderValue() {
		exhaust("/api/keys/header", "X-User", "alice", 2);
		status("/api/keys/header", "X-User", "alice", 429);
		status("/api/keys/header", "X-User", "bob", 200);
	}

	@Test
	void principalKeyLimitsPerAuthenticatedUser() {
		exhaust("/api/keys/principal", USER, "carol", 2);
		status("/api/keys/principal", USER, "carol", 429);
		status("/api/keys/principal", USER, "dave", 200);
	}

	@Test
	void spelKeyIsEvaluatedOverTheRequest() {
		for (int i = 0; i < 2; i++) {
			this.client.get().uri("/api/keys/spel?tenant=acme").exchange().expectStatus().isOk();
		}
		this.client.get().uri("/api/keys/spel?tenant=acme").exchange().expectStatus().isEqualTo(429);
		this.client.get().uri("/api/keys/spel?tenant=globex").exchange().expectStatus().isOk();
	}

	@Test
	void forwardedForIsBelievedFromATrustedProxy() {
		for (int i = 0; i < 3; i++) {
			viaProxy("10.1.2.3", "203.0.113.7", 200);
		}
		status("/api/hello", REMOTE, "203.0.113.7", 429);
		status("/api/hello", REMOTE, "10.1.2.3", 200);
	}

	@Test
	void forgedForwardedForFromAnUntrustedClientIsIgnored() {
		for (int i = 0; i < 3; i++) {
			viaProxy("198.51.100.9", "203.0.113." + i, 200);
		}
		viaProxy("198.51.100.9", "203.0.113.99", 429);
	}

	@Test
	void forwardedChainIsWalkedFromTheRightSkippingTrustedHops() {
		for (int i = 0; i < 3; i++) {
			viaProxy("10.0.0.1", "192.0.2." + (100 + i) + ", 203.0.113.50, 10.0.0.5", 200);
		}
		viaProxy("10.0.0.1", "203.0.113.50:4711", 429);
	}

	@Test
	void aForwardedHeaderSentByTheClientGetsItNoFreshBucket() {
		for (int i = 0; i < 4; i++) {
			this.client.get()
				.uri("/api/hello")
				.header(REMOTE, "10.0.0.7")
				.header("Forwarded", "for=198.51.100." + (200 + i))
				.header("X-Forwarded-For", "203.0.113.60")
				.exchange()
				.expectStatus()
				.isEqualTo((i < 3) ? 200 : 429);
		}
	}

	@Test
	void ipv6ClientsOfOneSlash64ShareABucket() {
		exhaust("/api/hello", REMOTE, "2001:db8:aa:bb::1", 2);
		viaProxy("fd00::1", "2001:db8:aa:bb:ffff::2", 200);
		status("/api/hello", REMOTE, "2001:db8:aa:bb:1234:5678:9abc:def0", 429);
		status("/api/hello", REMOTE, "2001:db8:aa:bc::1", 200);
	}

	@Test
	void shadowLimitCountsDenialsButNeverDenies() {
		double before = DecisionMeters.count(this.meters, "shadowed", "shadow_denied");
		for (int i = 0; i < 3; i++) {
			this.client.get()
				.uri("/api/keys/shadow")
				.header(REMOTE, "192.0.2.8")
				.exchange()
				.expectStatus()
				.isOk()
				.expectHeader()
				.doesNotExist("RateLimit");
		}
		assertThat(DecisionMeters.count(this.meters, "shadowed", "shadow_denied") - before).isEqualTo(2);
	}

	@Test
	void decisionsAreCountedByLimitAndOutcomeAndNotTimedInMemory() {
		double allowed = DecisionMeters.count(this.meters, "hello", "allowed");
		double denied = DecisionMeters.count(this.meters, "hello", "denied");
		exhaust("/api/hello", REMOTE, "192.0.2.9", 3);
		status("/api/hello", REMOTE, "192.0.2.9", 429);
		assertThat(DecisionMeters.count(this.meters, "hello", "allowed") - allowed).isEqualTo(3);
		assertThat(DecisionMeters.count(this.meters, "hello", "denied") - denied).isEqualTo(1);
		assertThat(DecisionMeters.latencyCount(this.meters, "hello")).as("decided in process").isZero();
		assertThat(DecisionMeters.count(this.meters, "hello", "error")).isZero();
	}

	private void exhaust(String path, String header, String value, int times) {
		for (int i = 0; i < times; i++) {
			status(path, header, value, 200);
		}
	}

	private void viaProxy(String remote, String forwardedFor, int status) {
		this.client.get()
			.uri("/api/hello")
			.header(REMOTE, remote)
			.header("X-Forwarded-For", forwardedFor)
			.exchange()
			.expectStatus()
			.isEqualTo(status);
	}

	private void status(String path, String header, String value, int status) {
		this.client.get().uri(path).header(header, value).exchange().expectStatus().isEqualTo(status);
	}

	@Nested
	@TestPropertySource(properties = { "limiter.filter.headers.enabled=false", "limiter.filter.headers.legacy=true" })
	class HeadersSwitchedOffAndLegacyOn {

		@Autowired
		private WebTestClient client;

		@Test
		void allowedRequestCarriesOnlyLegacyFieldsAndDeniedOneKeepsRetryAfter() {
			for (int i = 0; i < 3; i++) {
				this.client.get()
					.uri("/api/hello")
					.header(REMOTE, "192.0.2.10")
					.exchange()
					.expectStatus()
					.isOk()
					.expectHeader()
					.doesNotExist("RateLimit")
					.expectHeader()
					.doesNotExist("RateLimit-Policy")
					.expectHeader()
					.valueEquals("X-RateLimit-Limit", "3")
					.expectHeader()
					.valueEquals("X-RateLimit-Remaining", Integer.toString(2 - i));
			}
			this.client.get()
				.uri("/api/hello")
				.header(REMOTE, "192.0.2.10")
				.exchange()
				.expectStatus()
				.isEqualTo(429)
				.expectHeader()
				.valueEquals("Retry-After", "1200")
				.expectHeader()
				.valueEquals("X-RateLimit-Reset", "3600")
				.expectHeader()
				.doesNotExist("RateLimit");
		}

	}

}
