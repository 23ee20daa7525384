package com.example.gateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway on a random port, over real HTTP from one client that keeps its connection alive, as browsers and
 * load balancers do: the route answers three times, then 429 with {@code Retry-After} and the {@code RateLimit}
 * fields, each answer on the same connection.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OutsideGatewayTests {

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	@LocalServerPort
	private int port;

	@Test
	void theRouteAnswersThreeTimesThen429OnTheSameConnection(@Autowired ClientPorts connections) throws Exception {
		for (int i = 0; i < 3; i++) {
			HttpResponse<String> allowed = hello();
			assertThat(allowed.statusCode()).as("request %d", i + 1).isEqualTo(200);
			assertThat(allowed.body()).isEqualTo("Hello");
			assertThat(allowed.headers().firstValue("RateLimit-Policy")).hasValue("\"hello\";q=3;w=60");
			String remaining = "\"hello\";r=" + (2 - i) + ";t=";
			assertThat(allowed.headers().firstValue("RateLimit"))
				.hasValueSatisfying((fields) -> assertThat(fields).startsWith(remaining));
		}
		for (int i = 0; i < 2; i++) {
			HttpResponse<String> denied = hello();
			assertThat(denied.statusCode()).as("request %d", i + 4).isEqualTo(429);
			// a permit every 20 s: the next is due in at most 20 s, whole seconds rounded up
			assertThat(denied.headers().firstValue("Retry-After")).map(Integer::valueOf).hasValueSatisfying(
					(seconds) -> assertThat(seconds).isBetween(1, 20));
			assertThat(denied.headers().firstValue("RateLimit"))
				.hasValueSatisfying((fields) -> assertThat(fields).startsWith("\"hello\";r=0;t="));
			assertThat(denied.headers().firstValue("RateLimit-Policy")).hasValue("\"hello\";q=3;w=60");
		}
		assertThat(connections.ports).hasSize(5).containsOnly(connections.ports.get(0));
	}

	@Test
	void startUpSaysThatTheLimitsAreDecidedInMemory(CapturedOutput output) {
		assertThat(output).contains("Limiter decides rate limits in memory, per instance: each instance of this"
				+ " application counts on its own.");
	}

	private HttpResponse<String> hello() throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/hello"))
			.timeout(Duration.ofSeconds(10))
			.build();
		return this.client.send(request, HttpResponse.BodyHandlers.ofString());
	}

	/** Records the client's port of each request for {@code /hello}: one port, one connection. */
	@TestConfiguration
	static class ClientPorts implements WebFilter {

		final List<Integer> ports = new CopyOnWriteArrayList<>();

		@Override
		public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
			if (exchange.getRequest().getPath().value().equals("/hello")) {
				this.ports.add(exchange.getRequest().getRemoteAddress().getPort());
			}
			return chain.filter(exchange);
		}

	}

}
