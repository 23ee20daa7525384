package io.limiter.spring;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.reactive.server.WebTestClient;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.testapp.reactive.ReactiveQuoteService;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link RateLimited} on methods that return {@code Mono}, {@code Flux} and {@code CompletableFuture}, in a
 * WebFlux application: keys, fallbacks, when the permit is taken, and the 429 answer to
 * {@link RateLimitExceededException} from controllers and functional endpoints.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ActiveProfiles("reactive")
class ReactiveRateLimitedAspectTests {

	@Autowired
	private WebTestClient client;

	@Autowired
	private ReactiveQuoteService quotes;

	@Autowired
	private RateLimiterRegistry registry;

	@LocalServerPort
	private int port;

	@Test
	void monoIsLimitedPerKeyAndExceptionBecomesProblem() {
		for (int i = 0; i < 2; i++) {
			this.client.get().uri("/api/users/1/quote").exchange().expectBody(String.class).isEqualTo("quote for 1");
		}
		this.client.get()
			.uri("/api/users/1/quote")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("Retry-After", "1800")
			.expectHeader()
			.valueEquals("RateLimit-Policy", "\"quote\";q=2;w=3600")
			.expectHeader()
			.valueEquals("RateLimit", "\"quote\";r=0;t=3600")
			.expectHeader()
			.contentType("application/problem+json")
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(429)
			.jsonPath("$.limit")
			.isEqualTo("quote")
			.jsonPath("$.instance")
			.isEqualTo("/api/users/1/quote");
		this.client.get().uri("/api/users/2/quote").exchange().expectBody(String.class).isEqualTo("quote for 2");
	}

	@Test
	void monoTakesItsPermitAtSubscriptionNotAtTheCall() {
		Mono<String> quote = this.quotes.quote("lazy");
		assertThat(remaining("lazy")).isEqualTo(2);
		assertThat(quote.block(Duration.ofSeconds(10))).isEqualTo("quote for lazy");
		assertThat(remaining("lazy")).isEqualTo(1);
		assertThat(quote.block(Duration.ofSeconds(10))).as("each subscription is one call").isEqualTo("quote for lazy");
		assertThat(remaining("lazy")).isZero();
		assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(() -> quote.block(Duration.ofSeconds(10)))
			.satisfies((exception) -> assertThat(exception.limitName()).isEqualTo("quote"));
	}

	@Test
	void monoFallbackAnswersInsteadOfTheDeniedMethod() {
		for (int i = 0; i < 2; i++) {
			this.client.get()
				.uri("/api/users/7/quote-or-cached")
				.exchange()
				.expectBody(String.class)
				.isEqualTo("fresh quote for 7");
		}
		this.client.get()
			.uri("/api/users/7/quote-or-cached")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.isEqualTo("cached quote for 7 (limit quote)");
	}

	@Test
	void fluxIsLimitedAsAWhole() {
		for (int i = 0; i < 2; i++) {
			this.client.get()
				.uri("/api/users/8/quotes")
				.exchange()
				.expectBody(String.class)
				.isEqualTo("first quote for 8second quote for 8");
		}
		this.client.get()
			.uri("/api/users/8/quotes")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectBody()
			.jsonPath("$.limit")
			.isEqualTo("quote");
		assertThat(remaining("many-8")).isZero();
	}

	@Test
	void completableFutureIsLimited() {
		for (int i = 0; i < 2; i++) {
			this.client.get()
				.uri("/api/users/9/quote-later")
				.exchange()
				.expectBody(String.class)
				.isEqualTo("later quote for 9");
		}
		this.client.get()
			.uri("/api/users/9/quote-later")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("Retry-After", "1800")
			.expectBody()
			.jsonPath("$.limit")
			.isEqualTo("quote");
	}

	@Test
	void functionalEndpointIsAnsweredByTheWebExceptionHandler() {
		for (int i = 0; i < 2; i++) {
			this.client.get().uri("/fn/users/10/quote").exchange().expectBody(String.class).isEqualTo("quote for 10");
		}
		this.client.get()
			.uri("/fn/users/10/quote")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("RateLimit", "\"quote\";r=0;t=3600")
			.expectBody()
			.jsonPath("$.instance")
			.isEqualTo("/fn/users/10/quote");
	}

	@Test
	void exceptionOfALimitOutsideTheRegistryIsAnsweredWithoutRateLimitFields() {
		this.client.get()
			.uri("/api/external")
			.exchange()
			.expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("Retry-After", "3")
			.expectHeader()
			.doesNotExist("RateLimit")
			.expectBody()
			.jsonPath("$.limit")
			.isEqualTo("partner-api")
			.jsonPath("$.retryAfter")
			.isEqualTo(3);
	}

	/**
	 * A limited method's answer and then an unlimited route's on one connection, each request sent before the one
	 * before is finished: in memory the limited exchange goes on on the server's thread, as the unlimited one does,
	 * so Reactor Netty holds no request back and leaves the connection read (reactor/reactor-netty#4361).
	 */
	@Test
	void aRequestHeldBehindALimitedMethodLeavesTheConnectionRead() throws Exception {
		try (KeptAliveConnection connection = new KeptAliveConnection(this.port)) {
			for (int round = 0; round < 5; round++) {
				connection.send(KeptAliveConnection.get("/api/users/held-" + round + "/quote"),
						KeptAliveConnection.get("/api/other"));
				assertThat(connection.statusLines(2)).containsExactly("HTTP/1.1 200", "HTTP/1.1 200");
				connection.send(KeptAliveConnection.get("/api/other"));
				assertThat(connection.statusLines(1)).containsExactly("HTTP/1.1 200");
			}
		}
	}

	private long remaining(String key) {
		return this.registry.limiter("quote").tryAcquire(key, 0).remaining();
	}

}
