package io.limiter.spring.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.mock.http.client.MockClientHttpRequest;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The interceptor for {@code RestClient} and {@code RestTemplate} against a local HTTP server, on the in-memory
 * backend: calls wait for their permits and arrive spaced by the rate, a call whose permit is not due within maxWait
 * fails and never arrives, and the builder refuses bad settings naming them.
 */
class LimitedHttpClientsTests {

	private static final Duration PERIOD = Duration.ofMillis(200);

	private static final Duration HOUR = Duration.ofHours(1);

	private final InMemoryBackend backend = InMemoryBackend.builder().build();

	private final RateLimiterRegistry registry = new RateLimiterRegistry(this.backend,
			Map.of("partner", Limit.of(Algorithm.TOKEN_BUCKET, 1, PERIOD), "pair",
					Limit.of(Algorithm.TOKEN_BUCKET, 2, HOUR), "tiered", Limit.of(Algorithm.TOKEN_BUCKET, 2, HOUR)),
			Map.of("tiered", Map.of("small", Limit.of(Algorithm.TOKEN_BUCKET, 1, HOUR))), Map.of());

	private ArrivalServer server;

	@BeforeEach
	void startServer() throws Exception {
		this.server = ArrivalServer.start();
	}

	@AfterEach
	void stop() {
		this.server.close();
		this.backend.close();
	}

	@Test
	void waitingCallsAreSentSpacedByTheRate() {
		RestClient client = restClient(
				LimitedHttpClients.limit(this.registry, "partner").maxWait(Duration.ofSeconds(2)).interceptor());
		long start = System.nanoTime();
		for (int i = 0; i < 4; i++) {
			assertThat(client.get().uri("/echo").retrieve().body(String.class)).isEqualTo("ok");
		}
		List<ArrivalServer.Arrival> arrivals = this.server.arrivals();
		assertThat(arrivals).hasSize(4);
		ArrivalServer.assertNoneArrivedBeforeItsPermit(arrivals, start, PERIOD);
	}

	@Test
	void aCallWhosePermitIsNotDueWithinMaxWaitFailsAndIsNotSent() {
		RestClient client = restClient(
				LimitedHttpClients.limit(this.registry, "pair").cost(2).maxWait(Duration.ofMillis(100)).interceptor());
		client.get().uri("/first").retrieve().toBodilessEntity();
		String key = "127.0.0.1:" + URI.create(this.server.baseUrl()).getPort();
		assertThatExceptionOfType(OutboundRateLimitExceededException.class)
			.isThrownBy(() -> client.get().uri("/second").retrieve().toBodilessEntity())
			.satisfies((denied) -> {
				assertThat(denied.limitName()).isEqualTo("pair");
				assertThat(denied.key()).isEqualTo(key);
				assertThat(denied.uri()).hasPath("/second");
				assertThat(denied.decision().retryAfterMillis()).isGreaterThan(100);
			})
			.withMessageStartingWith("GET " + this.server.baseUrl() + "/second was not sent: rate limit 'pair' has no"
					+ " permit for key '" + key + "' within maxWait 100 ms; retry after ");
		assertThat(this.server.arrivals()).hasSize(1);
	}

	@Test
	void callsInShadowModeNeverWaitAndAreAlwaysSent() {
		RestClient client = restClient(LimitedHttpClients.limit(this.registry, "pair")
			.cost(2)
			.maxWait(Duration.ofSeconds(5))
			.shadow(true)
			.interceptor());
		long start = System.nanoTime();
		for (int i = 0; i < 3; i++) {
			assertThat(client.get().uri("/echo").retrieve().body(String.class)).isEqualTo("ok");
		}
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
		assertThat(this.server.arrivals()).hasSize(3);
		assertThat(this.registry.limiter("pair").peek("127.0.0.1:" + URI.create(this.server.baseUrl()).getPort())
			.remaining()).as("the calls took their permits").isZero();
	}

	@Test
	void restTemplateCallsAreLimitedAlike() {
		RestTemplate template = new RestTemplate(new SimpleClientHttpRequestFactory());
		template.getInterceptors().add(LimitedHttpClients.limit(this.registry, "tiered").plan("small").interceptor());
		template.getForObject(this.server.baseUrl() + "/first", String.class);
		assertThatExceptionOfType(OutboundRateLimitExceededException.class)
			.isThrownBy(() -> template.getForObject(this.server.baseUrl() + "/second", String.class))
			.satisfies((denied) -> assertThat(denied.plan()).isEqualTo("small"));
		assertThat(this.server.arrivals()).hasSize(1);
	}

	@Test
	void eachTargetHostAndPortHasItsOwnPermits() {
		ClientHttpRequestInterceptor limited = LimitedHttpClients.limit(this.registry, "tiered")
			.plan("small")
			.interceptor();
		RestClient client = RestClient.builder().requestInterceptor(limited).build();
		int port = URI.create(this.server.baseUrl()).getPort();
		client.get().uri("http://127.0.0.1:" + port + "/a").retrieve().toBodilessEntity();
		client.get().uri("http://localhost:" + port + "/b").retrieve().toBodilessEntity();
		assertThat(this.server.arrivals()).hasSize(2);
	}

	@Test
	void theDefaultKeyIsTheHostInLowerCaseAndThePortTheSchemeImplies() {
		OutboundKeyResolver resolver = OutboundKeyResolver.targetHost();
		assertThat(resolver.key(request("https://API.Partner.com/v1"))).isEqualTo("api.partner.com:443");
		assertThat(resolver.key(request("https://api.partner.com:443/v2"))).isEqualTo("api.partner.com:443");
		assertThat(resolver.key(request("http://api.partner.com/v1"))).isEqualTo("api.partner.com:80");
		assertThat(resolver.key(request("http://10.0.0.7:8081/v1"))).isEqualTo("10.0.0.7:8081");
	}

	@Test
	void aCallWithoutAKeyFailsAndIsNotSent() {
		RestClient client = restClient(LimitedHttpClients.limit(this.registry, "partner")
			.key((request) -> request.getHeaders().getFirst("X-Tenant"))
			.interceptor());
		assertThatIllegalStateException().isThrownBy(() -> client.get().uri("/echo").retrieve().toBodilessEntity())
			.withMessage("the key resolver of limit 'partner' gave no key ('null') for GET " + this.server.baseUrl()
					+ "/echo; the call was not sent");
		assertThat(this.server.arrivals()).isEmpty();
	}

	@Test
	void badSettingsAreRefusedNamingTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimitedHttpClients.limit(this.registry, "parnter").interceptor())
			.withMessageStartingWith("no limit named 'parnter'; the limits are ");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimitedHttpClients.limit(this.registry, "tiered").plan("gold").exchangeFilter())
			.withMessage("limit 'tiered' has no plan named 'gold'; its plans are [default, small]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimitedHttpClients.limit(this.registry, "partner").maxWait(Duration.ofSeconds(-1))
				.interceptor())
			.withMessage("maxWait of the calls limited by 'partner' must not be negative but was PT-1S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimitedHttpClients.limit(this.registry, "partner").cost(0).interceptor())
			.withMessage("cost of the calls limited by 'partner' must be at least 1 but was 0");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LimitedHttpClients.limit(this.registry, "tiered").cost(2).exchangeFilter())
			.withMessage("LimitedHttpClients.exchangeFilter of limit 'tiered' takes 2 permits, more than the capacity 1"
					+ " of limit 'tiered' (plan 'small')");
	}

	private RestClient restClient(ClientHttpRequestInterceptor limited) {
		return RestClient.builder().baseUrl(this.server.baseUrl()).requestInterceptor(limited).build();
	}

	private static HttpRequest request(String uri) {
		return new MockClientHttpRequest(HttpMethod.GET, URI.create(uri));
	}

}
