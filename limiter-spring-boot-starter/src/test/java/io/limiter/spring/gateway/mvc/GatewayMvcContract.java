package io.limiter.spring.gateway.mvc;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The rate limit of Spring Cloud Gateway's routes on Spring MVC over real HTTP, one keep-alive client, for each
 * backend: Java routes and properties routes, a configured limit and inline settings, several rates, plans, a key of
 * the request, a cost, the RateLimit fields on allowed answers, and 429 with {@code Retry-After} after the burst.
 * Each test keys its requests by a client address or header of its own, so that the contract runs as well on a Redis
 * that other tests share.
 */
abstract class GatewayMvcContract {

	private static final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	/** Keeps the keys of each test apart from those of every other test, in memory and on a shared Redis. */
	private final String run = Integer.toString(ThreadLocalRandom.current().nextInt(1, 250));

	private final String clientAddress = "10." + this.run + "." + ThreadLocalRandom.current().nextInt(1, 250) + "."
			+ ThreadLocalRandom.current().nextInt(1, 250);

	@LocalServerPort
	private int port;

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
	void routeNamingALimitAllowsItsBurstWithHeadersThenAnswers429() throws Exception {
		for (int remaining = 2; remaining >= 0; remaining--) {
			HttpResponse<String> allowed = get("/gw/named");
			assertThat(allowed.statusCode()).isEqualTo(200);
			assertThat(allowed.body()).isEqualTo(GatewayMvcRoutes.BODY);
			assertThat(allowed.headers().firstValue("RateLimit-Policy")).hasValue("\"hello\";q=3;w=3600");
			assertThat(allowed.headers().firstValue("RateLimit")).as("a token comes back every 1200 s")
				.hasValue("\"hello\";r=" + remaining + ";t=" + (3 - remaining) * 1200);
		}
		HttpResponse<String> denied = get("/gw/named");
		assertThat(denied.statusCode()).isEqualTo(429);
		assertThat(denied.headers().firstValueAsLong("Retry-After").orElseThrow()).isBetween(1L, 1200L);
		assertThat(denied.headers().firstValue("RateLimit")).hasValueSatisfying((value) -> assertThat(value)
			.startsWith("\"hello\";r=0;t="));
		assertThat(denied.headers().firstValue("Content-Type")).hasValueSatisfying((type) -> assertThat(type)
			.startsWith("application/problem+json"));
		assertThat(denied.body()).contains("\"limit\":\"hello\"").contains("\"status\":429")
			.contains("\"instance\":\"/gw/named\"");
	}

	@Test
	void inlineSettingsAreALimitOfTheBackendNamedAfterTheRoute() throws Exception {
		assertThat(statuses("/gw/inline", 3)).containsExactly(200, 200, 429);
		LimiterBackend backend = this.registry.backend();
		Limit inline = Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofHours(1));
		assertThat(backend.limiter("route.inline", inline).tryAcquire(this.clientAddress).isAllowed())
			.as("the backend's limiter of that name and settings shares the route's keys")
			.isFalse();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> backend.limiter("route.inline", Limit.of(Algorithm.TOKEN_BUCKET, 9, Duration.ofHours(1))))
			.withMessageContaining("route.inline");
	}

	@Test
	void severalRatesAreAnnouncedAndTheTightestDenies() throws Exception {
		HttpResponse<String> first = get("/gw/multi");
		assertThat(first.headers().firstValue("RateLimit-Policy"))
			.hasValue("\"multi/3600s\";q=3;w=3600, \"multi/86400s\";q=2;w=86400");
		assertThat(first.headers().firstValue("RateLimit")).hasValueSatisfying((value) -> assertThat(value)
			.startsWith("\"multi/86400s\";r=1;"));
		assertThat(statuses("/gw/multi", 2)).containsExactly(200, 429);
	}

	@Test
	void plansOfTheLimitFollowTheKeyOfTheRequest() throws Exception {
		assertThat(statuses("/gw/plans", 4, "X-Api-Key", "gold-" + this.clientAddress)).containsExactly(200, 200, 200,
				429);
		assertThat(statuses("/gw/plans", 2, "X-Api-Key", "free-" + this.clientAddress)).containsExactly(200, 429);
	}

	@Test
	void propertiesRouteTakesItsCostUnderTheKeyOfItsHeader() throws Exception {
		assertThat(statuses("/gw/props", 3, "X-Client", "a-" + this.clientAddress)).containsExactly(200, 200, 429);
		assertThat(statuses("/gw/props", 1, "X-Client", "b-" + this.clientAddress)).containsExactly(200);
		HttpResponse<String> allowed = get("/gw/props", "X-Client", "c-" + this.clientAddress);
		assertThat(allowed.body()).isEqualTo(GatewayMvcRoutes.BODY);
		assertThat(allowed.headers().firstValue("RateLimit")).hasValueSatisfying((value) -> assertThat(value)
			.startsWith("\"route.props\";r=2;"));
	}

	@Test
	void propertiesRouteWithSeveralInlineRates() throws Exception {
		HttpResponse<String> first = get("/gw/props-rates");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(first.headers().firstValue("RateLimit-Policy"))
			.hasValue("\"route.props-rates/3600s\";q=3;w=3600, \"route.props-rates/86400s\";q=1;w=86400");
		assertThat(get("/gw/props-rates").statusCode()).isEqualTo(429);
	}

	@Test
	void propertiesRouteInTheShortcutFormNamesALimitAndAKey() throws Exception {
		assertThat(statuses("/gw/props-short", 2, "X-Client", "a-" + this.clientAddress)).containsExactly(200, 429);
		assertThat(statuses("/gw/props-short", 1, "X-Client", "b-" + this.clientAddress)).containsExactly(200);
	}

	List<Integer> statuses(String path, int requests, String... headers) throws Exception {
		List<Integer> statuses = new ArrayList<>();
		for (int i = 0; i < requests; i++) {
			statuses.add(get(path, headers).statusCode());
		}
		return statuses;
	}

	HttpResponse<String> get(String path, String... headers) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("X-Forwarded-For", this.clientAddress)
			.timeout(Duration.ofSeconds(30));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
