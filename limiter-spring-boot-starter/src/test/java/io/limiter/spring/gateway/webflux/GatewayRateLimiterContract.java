package io.limiter.spring.gateway.webflux;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Limiter's gateway {@code RateLimiter} does on the routes of profile {@code gateway}, on every backend: the
 * gateway's filter asks it per request, with the key of the route's key resolver, over real HTTP on one keep-alive
 * client. Each test keys its requests by a client address of its own (a trusted proxy's {@code X-Forwarded-For}).
 */
@Tag("gateway-webflux")
abstract class GatewayRateLimiterContract {

	private static final AtomicInteger addresses = new AtomicInteger();

	/** Seconds a loaded machine may take between the requests of a test, shortening the waits the fields give. */
	private static final long SLACK = 30;

	@Autowired
	private WebTestClient client;

	@Test
	void aRouteNamingALimitAllowsItsCapacityWithHeadersThenAnswers429WithRetryAfter() {
		String client = newClient();
		for (int remaining = 2; remaining >= 0; remaining--) {
			get("/named", client).expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"gw-named\";q=3;w=3600")
				.expectHeader()
				.value("RateLimit", startsWith("\"gw-named\";r=" + remaining + ";t="))
				.expectHeader()
				.doesNotExist("Retry-After")
				.expectBody(String.class)
				.isEqualTo("Hello from the backend");
		}
		get("/named", client).expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.valueEquals("RateLimit-Policy", "\"gw-named\";q=3;w=3600")
			.expectHeader()
			.value("RateLimit", startsWith("\"gw-named\";r=0;t="))
			.expectHeader()
			.value("Retry-After", (value) -> assertThat(Long.parseLong(value)).isBetween(1200 - SLACK, 1200L));
	}

	@Test
	void aRouteWithItsOwnCapacityAndPeriodIsLimitedApartFromAnother() {
		String client = newClient();
		for (int remaining = 1; remaining >= 0; remaining--) {
			get("/inline", client).expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"route.inline\";q=2;w=3600")
				.expectHeader()
				.value("RateLimit", startsWith("\"route.inline\";r=" + remaining + ";t="));
		}
		get("/inline", client).expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.value("Retry-After", (value) -> assertThat(Long.parseLong(value)).isBetween(1800 - SLACK, 1800L));
		get("/named", client).expectStatus()
			.isOk()
			.expectHeader()
			.value("RateLimit", startsWith("\"gw-named\";r=2;t="));
	}

	@Test
	void aNamedLimitOfSeveralRatesDeniesByItsTightestRate() {
		severalRates("/several-rates", "gw-multi");
	}

	@Test
	void aRouteMayGiveSeveralRatesOfItsOwn() {
		severalRates("/inline-rates", "route.inline-rates");
	}

	private void severalRates(String path, String limit) {
		String client = newClient();
		String policy = "\"" + limit + "/3600s\";q=3;w=3600, \"" + limit + "/36000s\";q=2;w=36000";
		for (int remaining = 1; remaining >= 0; remaining--) {
			get(path, client).expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", policy)
				.expectHeader()
				.value("RateLimit", startsWith("\"" + limit + "/36000s\";r=" + remaining + ";t="));
		}
		get(path, client).expectStatus()
			.isEqualTo(429)
			.expectHeader()
			.value("RateLimit", startsWith("\"" + limit + "/36000s\";r=0;t="))
			.expectHeader()
			.value("Retry-After", (value) -> assertThat(Long.parseLong(value)).isGreaterThan(3600));
	}

	@Test
	void theApplicationsPlanResolverChoosesThePlanOfEachKey() {
		String basic = "basic-" + addresses.incrementAndGet();
		String gold = "gold-" + addresses.incrementAndGet();
		withApiKey("/plans", basic).expectStatus().isOk();
		withApiKey("/plans", basic).expectStatus().isEqualTo(429);
		for (int remaining = 2; remaining >= 0; remaining--) {
			withApiKey("/plans", gold).expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"gw-plans\";q=3;w=3600")
				.expectHeader()
				.value("RateLimit", startsWith("\"gw-plans\";r=" + remaining + ";t="));
		}
		withApiKey("/plans", gold).expectStatus().isEqualTo(429);
	}

	@Test
	void thePlanResolverIsGivenTheExchangeAndChoosesThePlanOfEachRequest() {
		allowsThePlansCapacity(newClient(), "gold", 4);
		allowsThePlansCapacity(newClient(), "free", 2);
	}

	private void allowsThePlansCapacity(String client, String plan, int capacity) {
		for (int remaining = capacity - 1; remaining >= 0; remaining--) {
			withPlan(client, plan).expectStatus()
				.isOk()
				.expectHeader()
				.valueEquals("RateLimit-Policy", "\"gw-header-plans\";q=" + capacity + ";w=3600")
				.expectHeader()
				.value("RateLimit", startsWith("\"gw-header-plans\";r=" + remaining + ";t="));
		}
		withPlan(client, plan).expectStatus().isEqualTo(429);
	}

	@Test
	void eachRequestTakesTheRoutesCost() {
		String client = newClient();
		get("/cost", client).expectStatus().isOk().expectHeader().value("RateLimit", startsWith("\"gw-cost\";r=3;"));
		get("/cost", client).expectStatus().isOk().expectHeader().value("RateLimit", startsWith("\"gw-cost\";r=1;"));
		get("/cost", client).expectStatus().isEqualTo(429);
	}

	@Test
	void theClientAddressKeyResolverKeysTheHopTheTrustedProxyReceivedFrom() {
		String client = newClient();
		get("/by-address", client).expectStatus().isOk();
		this.client.get()
			.uri("/by-address")
			.header("X-Forwarded-For", "192.0.2.1, " + client)
			.exchange()
			.expectStatus()
			.isEqualTo(429);
		get("/by-address", newClient()).expectStatus().isOk();
	}

	/** {@return a client address no other request of the run has used} */
	static String newClient() {
		int n = addresses.incrementAndGet();
		return "203.0." + (n / 250) + "." + (1 + n % 250);
	}

	ResponseSpec get(String path, String clientAddress) {
		return this.client.get().uri(path).header("X-Forwarded-For", clientAddress).exchange();
	}

	private ResponseSpec withPlan(String clientAddress, String plan) {
		return this.client.get()
			.uri("/header-plans")
			.header("X-Forwarded-For", clientAddress)
			.header(GatewayTestApplication.PLAN, plan)
			.exchange();
	}

	ResponseSpec withApiKey(String path, String apiKey) {
		return this.client.get().uri(path).header(GatewayTestApplication.API_KEY, apiKey).exchange();
	}

	private static Consumer<String> startsWith(String prefix) {
		return (value) -> assertThat(value).startsWith(prefix);
	}

}
