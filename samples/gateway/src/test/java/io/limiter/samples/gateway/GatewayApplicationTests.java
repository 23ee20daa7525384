package io.limiter.samples.gateway;

import java.net.http.HttpResponse;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.LimiterClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway sample with nothing configured, over real HTTP: the route {@code /hello} answers from the handler it
 * forwards to, five times per client address, then 429 with {@code Retry-After} and the {@code RateLimit} fields;
 * another address has its own five; a second later the first has five again; the handler behind the route answers
 * nobody who asks it directly, around the limit. The test trusts the loopback proxy so that {@code X-Forwarded-For}
 * names each client, and moves the limiter's clock instead of sleeping.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "limiter.filter.trusted-proxies=127.0.0.1,::1")
class GatewayApplicationTests {

	@LocalServerPort
	private int port;

	@Autowired
	private AtomicLong now;

	private GatewayClient client;

	@BeforeEach
	void connect() {
		this.client = new GatewayClient(this.port);
	}

	@Test
	void helloAllowsABurstOfFivePerClientThen429WithRetryAfter() throws Exception {
		assertFiveAllowedThenDenied("192.0.2.1");
	}

	@Test
	void anotherClientAddressIsNotLimitedByTheFirst() throws Exception {
		assertFiveAllowedThenDenied("192.0.2.11");
		assertFiveAllowedThenDenied("192.0.2.12");
	}

	@Test
	void aClientIsAnsweredAgainASecondLater() throws Exception {
		assertFiveAllowedThenDenied("192.0.2.21");
		this.now.addAndGet(1_000);
		assertFiveAllowedThenDenied("192.0.2.21");
	}

	@Test
	void theHandlerBehindTheRouteIsNotReachableDirectly() throws Exception {
		HttpResponse<String> direct = this.client.get(HelloController.PATH, "192.0.2.41");
		assertThat(direct.statusCode()).isEqualTo(404);
		assertThat(direct.body()).doesNotContain("Hello");
		assertThat(this.client.hello("192.0.2.41").statusCode()).isEqualTo(200);
	}

	@Test
	void decidesInMemoryWithNothingConfigured(@Autowired LimiterBackend backend) {
		assertThat(backend).isInstanceOf(InMemoryBackend.class);
	}

	private void assertFiveAllowedThenDenied(String clientAddress) throws Exception {
		for (int i = 0; i < 5; i++) {
			HttpResponse<String> allowed = this.client.hello(clientAddress);
			assertThat(allowed.statusCode()).as("request %d of %s", i + 1, clientAddress).isEqualTo(200);
			assertThat(allowed.body()).isEqualTo("Hello from the gateway!");
			assertThat(allowed.headers().firstValue("RateLimit-Policy")).hasValue("\"hello\";q=5;w=1");
			assertThat(allowed.headers().firstValue("RateLimit")).hasValue("\"hello\";r=" + (4 - i) + ";t=1");
		}
		HttpResponse<String> denied = this.client.hello(clientAddress);
		assertThat(denied.statusCode()).as("request 6 of %s", clientAddress).isEqualTo(429);
		assertThat(denied.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(denied.headers().firstValue("RateLimit")).hasValue("\"hello\";r=0;t=1");
	}

	@TestConfiguration
	static class ManualClock {

		@Bean
		AtomicLong now() {
			return new AtomicLong(1_000_000);
		}

		@Bean
		LimiterClock limiterClock(AtomicLong now) {
			return now::get;
		}

	}

}
