package io.limiter.spring.client;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.RequestEntity;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code limiter.outbound.rules} over real HTTP, in an application whose {@code RestClient}, {@code RestTemplate} or
 * {@code WebClient} comes from the builder that Spring Boot gives it: calls to the rule's host wait for their permits
 * and arrive spaced by the rate, calls to the same server by another name, which no rule names, pass untouched, and
 * a rule's key gives all its hosts one budget; a limit in shadow mode is counted and never enforced. Each test starts
 * one application and calls through the three clients in turn, which share the rule's budget.
 */
class OutboundRulesTests {

	private static final Duration PERIOD = Duration.ofMillis(300);

	private ArrivalServer server;

	private ConfigurableApplicationContext context;

	@BeforeEach
	void startServer() throws Exception {
		this.server = ArrivalServer.start();
	}

	@AfterEach
	void stop() {
		if (this.context != null) {
			this.context.close();
		}
		this.server.close();
	}

	@Test
	void callsToTheRulesHostWaitForTheirPermitsAndArriveSpacedByTheRate() {
		startApplication("limiter.limits.partner.capacity=1", "limiter.limits.partner.period=" + PERIOD.toMillis() + "ms",
				"limiter.outbound.rules[0].hosts=127.0.0.1", "limiter.outbound.rules[0].limit=partner",
				"limiter.outbound.rules[0].max-wait=2s");
		assertThat(this.context.getBean(LimiterBackend.class)).as("the backend that decides").isInstanceOf(backendClass());
		long start = System.nanoTime();
		for (Client client : Client.values()) {
			for (int i = 0; i < 4; i++) {
				assertThat(client.get(this.context, url("127.0.0.1"), client + "-" + i)).isEqualTo("ok");
			}
		}
		List<ArrivalServer.Arrival> arrivals = this.server.arrivals();
		assertThat(arrivals).extracting(ArrivalServer.Arrival::callId)
			.containsExactly(Arrays.stream(Client.values())
				.flatMap((client) -> IntStream.range(0, 4).mapToObj((i) -> client + "-" + i))
				.toArray(String[]::new));
		ArrivalServer.assertNoneArrivedBeforeItsPermit(arrivals, start, PERIOD);
	}

	@Test
	void callsToAHostThatNoRuleNamesPassUntouched() {
		startApplication("limiter.limits.partner.capacity=1", "limiter.limits.partner.period=1h",
				"limiter.outbound.rules[0].hosts=127.0.0.1", "limiter.outbound.rules[0].limit=partner");
		assertThat(Client.REST_CLIENT.get(this.context, url("127.0.0.1"), "limited")).isEqualTo("ok");
		for (Client client : Client.values()) {
			assertThatExceptionOfType(OutboundRateLimitExceededException.class).as(client.name())
				.isThrownBy(() -> client.get(this.context, url("127.0.0.1"), "denied-" + client))
				.satisfies((denied) -> {
					assertThat(denied.limitName()).isEqualTo("partner");
					assertThat(denied.key()).isEqualTo("127.0.0.1:" + port());
				});
			assertThat(client.get(this.context, url("localhost"), "other-" + client)).isEqualTo("ok");
		}
		assertThat(this.server.arrivals()).extracting(ArrivalServer.Arrival::callId)
			.containsExactly("limited", "other-REST_CLIENT", "other-REST_TEMPLATE", "other-WEB_CLIENT");
	}

	@Test
	void aRuleWithAKeyGivesAllItsHostsOneBudget() {
		String key = "partner-api-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
		startApplication("limiter.limits.partner.capacity=3", "limiter.limits.partner.period=1h",
				"limiter.outbound.rules[0].hosts=127.0.0.1, localhost", "limiter.outbound.rules[0].limit=partner",
				"limiter.outbound.rules[0].key=" + key);
		for (Client client : Client.values()) {
			assertThat(client.get(this.context, url("127.0.0.1"), "first-" + client)).isEqualTo("ok");
		}
		for (Client client : Client.values()) {
			assertThatExceptionOfType(OutboundRateLimitExceededException.class).as(client.name())
				.isThrownBy(() -> client.get(this.context, url("localhost"), "other-host-" + client))
				.satisfies((denied) -> assertThat(denied.key()).isEqualTo(key));
		}
		assertThat(this.server.arrivals()).extracting(ArrivalServer.Arrival::callId)
			.containsExactly("first-REST_CLIENT", "first-REST_TEMPLATE", "first-WEB_CLIENT");
	}

	/**
	 * Returns the properties that choose the backend of the test.
	 * @return none here: the in-memory backend
	 */
	String[] backend() {
		return new String[0];
	}

	/**
	 * Returns the backend that {@link #backend()} chooses.
	 * @return its class
	 */
	Class<? extends LimiterBackend> backendClass() {
		return InMemoryBackend.class;
	}

	@Test
	void callsUnderAShadowLimitNeverWaitAndAreNeverDeniedButAreCounted() {
		startApplication("limiter.limits.shadowed.capacity=1", "limiter.limits.shadowed.period=2s",
				"limiter.limits.shadowed.shadow=true", "limiter.outbound.rules[0].hosts=127.0.0.1",
				"limiter.outbound.rules[0].limit=shadowed", "limiter.outbound.rules[0].max-wait=5s");
		long start = System.nanoTime();
		for (Client client : Client.values()) {
			for (int i = 0; i < 3; i++) {
				assertThat(client.get(this.context, url("127.0.0.1"), client + "-" + i)).isEqualTo("ok");
			}
		}
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no call waited for the next permit, 2 s away")
			.isLessThan(Duration.ofSeconds(2));
		assertThat(this.server.arrivals()).extracting(ArrivalServer.Arrival::callId)
			.containsExactly(Arrays.stream(Client.values())
				.flatMap((client) -> IntStream.range(0, 3).mapToObj((i) -> client + "-" + i))
				.toArray(String[]::new));
		MeterRegistry meters = this.context.getBean(MeterRegistry.class);
		assertThat(decisions(meters, "shadowed", "allowed")).isEqualTo(1);
		assertThat(decisions(meters, "shadowed", "shadow_denied")).isEqualTo(8);
	}

	/** Decisions of the limit with the outcome, whichever path decided (the backend, or the local tier on Redis). */
	private static double decisions(MeterRegistry meters, String limit, String outcome) {
		return meters.find("limiter.decisions").tag("limit", limit).tag("outcome", outcome).counters().stream()
			.mapToDouble(Counter::count)
			.sum();
	}

	private void startApplication(String... properties) {
		this.context = new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.properties(properties)
			.properties(backend())
			.run();
	}

	private int port() {
		return URI.create(this.server.baseUrl()).getPort();
	}

	private URI url(String host) {
		return URI.create("http://" + host + ":" + port() + "/partner");
	}

	/**
	 * A client from the builder of the application's context, as an application injects it.
	 */
	enum Client {

		REST_CLIENT {

			@Override
			String get(ApplicationContext context, URI url, String callId) {
				return context.getBean(RestClient.Builder.class)
					.build()
					.get()
					.uri(url)
					.header(ArrivalServer.CALL_ID, callId)
					.retrieve()
					.body(String.class);
			}

		},

		REST_TEMPLATE {

			@Override
			String get(ApplicationContext context, URI url, String callId) {
				return context.getBean(RestTemplateBuilder.class)
					.build()
					.exchange(RequestEntity.get(url).header(ArrivalServer.CALL_ID, callId).build(), String.class)
					.getBody();
			}

		},

		WEB_CLIENT {

			@Override
			String get(ApplicationContext context, URI url, String callId) {
				return context.getBean(WebClient.Builder.class)
					.build()
					.get()
					.uri(url)
					.header(ArrivalServer.CALL_ID, callId)
					.retrieve()
					.bodyToMono(String.class)
					.block(Duration.ofSeconds(10));
			}

		};

		abstract String get(ApplicationContext context, URI url, String callId);

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

	}

}
