package io.limiter.spring.gateway.webflux;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.spring.AsyncOnlyBackend;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No server thread waits for a gateway route's decision: with a backend that answers only asynchronously and holds
 * its answers, requests on more connections than the server has threads stay unanswered while a request that no
 * limit decides is answered; once the backend answers, every held request is. The request that no limit decides is
 * sent only once every held request asked for its decision: a filter that held its thread until the answer came
 * would leave some of them waiting for a thread, and never asking.
 */
@SpringBootTest(classes = { GatewayTestApplication.class, GatewayNonBlockingTests.Backend.class },
		webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("gateway")
@Tag("gateway-webflux")
class GatewayNonBlockingTests {

	@LocalServerPort
	private int port;

	@Autowired
	private AsyncOnlyBackend backend;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@Test
	void heldDecisionsHoldNoServerThread() throws Exception {
		this.backend.hold();
		int asked = this.backend.asked();
		List<CompletableFuture<HttpResponse<String>>> held = IntStream.range(0, 16)
			.mapToObj((i) -> this.http.sendAsync(request("/named", GatewayRateLimiterContract.newClient()),
					BodyHandlers.ofString()))
			.toList();
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (this.backend.asked() - asked < held.size()) {
			assertThat(System.nanoTime())
				.as("held requests that asked for their decision before the deadline: %d of %d",
						this.backend.asked() - asked, held.size())
				.isLessThan(deadline);
			Thread.sleep(10);
		}

		HttpResponse<String> unlimited = this.http.send(request("/backend", "192.0.2.1"), BodyHandlers.ofString());

		assertThat(unlimited.statusCode()).isEqualTo(200);
		assertThat(held).noneMatch(CompletableFuture::isDone);
		this.backend.release();
		for (CompletableFuture<HttpResponse<String>> response : held) {
			assertThat(response.get().statusCode()).isEqualTo(200);
		}
	}

	private HttpRequest request(String path, String client) {
		return HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path))
			.header("X-Forwarded-For", client)
			.timeout(Duration.ofSeconds(10))
			.build();
	}

	@Configuration(proxyBeanMethods = false)
	static class Backend {

		@Bean
		AsyncOnlyBackend asyncOnlyBackend() {
			return new AsyncOnlyBackend();
		}

	}

}
