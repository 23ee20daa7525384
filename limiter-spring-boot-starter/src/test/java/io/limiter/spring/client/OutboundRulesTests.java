package io.limiter.spring.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code limiter.outbound.rules} over real HTTP, in an application whose {@code RestClient}, {@code RestTemplate} or
 * {@code WebClient} comes from the builder that Spring Boot gives it: calls to the rule's host wait for their permits
 * and arrive spaced by the rate, calls to the same server by another name, which no rule names, pass untouched, and
 * a rule's key gives all its hosts one budget; a limit in shadow mode is counted and never enforced.
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

	@ParameterizedTest
	@EnumSource(Client.class)
	void callsToTheRulesHostWaitForTheirPermitsAndArriveSpacedByTheRate(Client client) {
		startApplication("limiter.limits.partner.capacity=1", "limiter.limits.partner.period=" + PERIOD.toMillis() + "ms",
				"limiter.outbound.rules[0].hosts=127.0.0.1", "limiter.outbound.rules[0].limit=partner",
				"limiter.outbound.rules[0].max-wait=2s");
		long start = System.nanoTime();
		for (int i = 0; i < 4; i++) {
			assertThat(client.get(this.context, url("127.0.0.1"), "call-" + i)).isEqualTo("ok");
		}
		List<ArrivalServer.Arrival> arrivals = this.server.arrivals();
		assertThat(arrivals).extracting(ArrivalServer.Arrival::callId)
			.containsExactly("call-0", "call-1", "call-2", "call-3");
		ArrivalServer.assertNoneArrivedBeforeItsPermit(arrivals, start, PERIOD);
	}

	@ParameterizedTest
	@EnumSource(Client.class)
	void callsToAHostThatNoRuleNamesPassUntouched(Client client) {
		startApplication("limiter.limits.partner.capacity=1", "limiter.limits.partner.period=1h",
				"limiter.outbound.rules[0].hosts=127.0.0.1", "limiter.outbound.rules[0].limit=partner");
		assertThat(client.get(this.context, url("127.0.0.1"), "limited-0")).isEqualTo("ok");
		assertThatExceptionOfType(OutboundRateLimitExceededException.class)
			.isThrownBy(() -> client.get(this.context, url("127.0.0.1"), "limited-1"))
			.satisfies((denied) -> {
				assertThat(denied.limitName()).isEqualTo("partner");
				assertThat(denied.key()).isEqualTo("127.0.0.1:" + port());
			});
		for (int i = 0; i < 3; i++) {
			assertThat(client.get(this.context, url("localhost"), "other-" + i)).isEqualTo("ok");
		}
		assertThat(this.server.arrivals()).extracting(ArrivalServer.Arrival::callId)
			.containsExactly("limited-0", "other-0", "other-1", "other-2");
	}

	@ParameterizedTest
	@EnumSource(Client.class)
	void aRuleWithAKeyGivesAllItsHostsOneBudget(Client client) {
		startApplication("limiter.limits.partner.capacity=1", "limiter.limits.partner.period=1h",
				"limiter.outbound.rules[0].hosts=127.0.0.1, localhost", "limiter.outbound.rules[0].limit=partner",
				"limiter.outbound.rules[0].key=partner-api");
		assertThat(client.get(this.context, url("127.0.0.1"), "first")).isEqualTo("ok");
		assertThatExceptionOfType(OutboundRateLimitExceededException.class)
			.isThrownBy(() -> client.get(this.context, url("localhost"), "other-host"))
			.satisfies((denied) -> assertThat(denied.key()).isEqualTo("partner-api"));
		assertThat(this.server.arrivals()).extracting(ArrivalServer.Arrival::callId).containsExactly("first");
	}

	@ParameterizedTest
	@EnumSource(Client.class)
	void callsUnderAShadowLimitNeverWaitAndAreNeverDeniedButAreCounted(Client client) {
		startApplication("limiter.limits.partner.capacity=1", "limiter.limits.partner.period=2s",
				"limiter.limits.partner.shadow=true", "limiter.outbound.rules[0].hosts=127.0.0.1",
				"limiter.outbound.rules[0].limit=partner", "limiter.outbound.rules[0].max-wait=5s");
		long start = System.nanoTime();
		for (int i = 0; i < 3; i++) {
			assertThat(client.get(this.context, url("127.0.0.1"), "shadow-" + i)).isEqualTo("ok");
		}
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no call waited for the next permit, 2 s away")
			.isLessThan(Duration.ofSeconds(2));
		assertThat(this.server.arrivals()).extracting(ArrivalServer.Arrival::callId)
			.containsExactly("shadow-0", "shadow-1", "shadow-2");
		MeterRegistry meters = this.context.getBean(MeterRegistry.class);
		assertThat(decisions(meters, "allowed")).isEqualTo(1);
		assertThat(decisions(meters, "shadow_denied")).isEqualTo(2);
	}

	private static double decisions(MeterRegistry meters, String outcome) {
		Counter counter = meters.find("limiter.decisions").tag("limit", "partner").tag("outcome", outcome).counter();
		return (counter != null) ? counter.count() : 0;
	}

	private void startApplication(String... properties) {
		this.context = new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.properties(properties)
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
