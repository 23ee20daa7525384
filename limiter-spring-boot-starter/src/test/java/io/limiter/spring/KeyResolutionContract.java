package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which requests a filter rule matches and what their key is, over real HTTP from one client that keeps its
 * connection alive, for the servlet filter and the WebFlux filter alike: a {@code GET} rule also counts
 * {@code HEAD}, a request without its key is keyed by its client address, denied or shares one key as its rule
 * says, and each rule may group IPv6 clients by its own prefix. Clients are IPv6 addresses that the trusted proxy
 * (the test, at the loopback address) forwards; each test uses keys of its own.
 */
abstract class KeyResolutionContract {

	private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private final String run = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));

	@LocalServerPort
	private int port;

	@Autowired
	private RateLimiterRegistry registry;

	@Test
	void headRequestsCountUnderTheGetRuleOfTheirPath() {
		for (int i = 0; i < 3; i++) {
			assertThat(send("HEAD", "/api/keys/head", "X-Forwarded-For", client(1)).statusCode()).isEqualTo(200);
		}
		assertThat(send("HEAD", "/api/keys/head", "X-Forwarded-For", client(1)).statusCode()).isEqualTo(429);
		assertThat(get("/api/keys/head", "X-Forwarded-For", client(1)).statusCode()).isEqualTo(429);
		assertThat(remaining("head", clientKey(1))).isZero();
	}

	@Test
	void requestsWithoutTheirKeyAreKeyedByTheirClientAddress() {
		assertThat(get("/api/keys/fallback", "X-Forwarded-For", client(2)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/fallback", "X-Forwarded-For", client(2)).statusCode()).isEqualTo(429);
		assertThat(get("/api/keys/fallback", "X-Forwarded-For", client(2), "X-Api-Key", " ").statusCode())
			.as("a blank key is no key").isEqualTo(429);
		assertThat(remaining("fallback", clientKey(2))).isZero();
		assertThat(get("/api/keys/fallback", "X-Forwarded-For", client(3)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/fallback", "X-Forwarded-For", client(2), "X-Api-Key", key("a")).statusCode())
			.isEqualTo(200);
		assertThat(remaining("fallback", "")).as("no key shared by requests without one").isEqualTo(1);
	}

	@Test
	void aRuleThatDeniesRequestsWithoutTheirKeyAnswersThemWithItsStatus() {
		for (int i = 0; i < 2; i++) {
			assertThat(get("/api/keys/denied", "X-Forwarded-For", client(4)).statusCode()).isEqualTo(400);
		}
		assertThat(get("/api/keys/denied", "X-Forwarded-For", client(4), "X-Api-Key", key("b")).statusCode())
			.isEqualTo(200);
		assertThat(get("/api/keys/denied-401", "X-Forwarded-For", client(4)).statusCode()).isEqualTo(401);
		assertThat(remaining("denied", clientKey(4))).isEqualTo(1);
	}

	@Test
	void aRuleThatSharesOneKeyAmongRequestsWithoutTheirKey() {
		assertThat(get("/api/keys/shared", "X-Forwarded-For", client(5)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/shared", "X-Forwarded-For", client(6)).statusCode()).isEqualTo(429);
		assertThat(get("/api/keys/shared", "X-Forwarded-For", client(6), "X-Api-Key", key("c")).statusCode())
			.isEqualTo(200);
	}

	@Test
	void anExpressionThatGivesNothingOrBlankTextKeysByClientAddress() {
		assertThat(get("/api/keys/tenant?tenant=%20", "X-Forwarded-For", client(7)).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/tenant", "X-Forwarded-For", client(7)).statusCode()).isEqualTo(429);
		assertThat(remaining("tenant", clientKey(7))).isZero();
		assertThat(get("/api/keys/tenant", "X-Forwarded-For", client(8)).statusCode()).isEqualTo(200);
	}

	@Test
	void eachRuleGroupsIpv6ClientsByItsOwnPrefix() {
		String oneNetwork = "2001:db8:" + this.run + ":1::1";
		String anotherNetworkOfTheSameSite = "2001:db8:" + this.run + ":2::1";
		assertThat(get("/api/keys/narrow", "X-Forwarded-For", oneNetwork).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/narrow", "X-Forwarded-For", anotherNetworkOfTheSameSite).statusCode())
			.as("another /64").isEqualTo(200);
		assertThat(get("/api/keys/wide", "X-Forwarded-For", oneNetwork).statusCode()).isEqualTo(200);
		assertThat(get("/api/keys/wide", "X-Forwarded-For", anotherNetworkOfTheSameSite).statusCode())
			.as("the same /48").isEqualTo(429);
		assertThat(remaining("wide", "2001:db8:" + this.run + "::/48")).isZero();
	}

	@Test
	void aRequestDeniedForLackingItsKeyGivesTheCountedRulesPermitsBack() {
		assertThat(get("/api/keys/chained-deny", "X-User", key("d")).statusCode()).isEqualTo(400);
		assertThat(remaining("counted", key("d"))).isEqualTo(2);
	}

	private long remaining(String limit, String key) {
		return this.registry.limiter(limit).peek(key).remaining();
	}

	private String key(String name) {
		return name + "-" + this.run;
	}

	/** An IPv6 client of this test, keyed by its /64 network. */
	private String client(int network) {
		return "2001:db8:" + this.run + ":" + network + "::1";
	}

	private String clientKey(int network) {
		return "2001:db8:" + this.run + ":" + network + "::/64";
	}

	private HttpResponse<Void> get(String path, String... headers) {
		return send("GET", path, headers);
	}

	private HttpResponse<Void> send(String method, String path, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.method(method, HttpRequest.BodyPublishers.noBody())
			.timeout(Duration.ofSeconds(30));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		try {
			return CLIENT.send(request.build(), HttpResponse.BodyHandlers.discarding());
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
