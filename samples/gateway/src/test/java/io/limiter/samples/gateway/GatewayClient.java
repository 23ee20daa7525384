package io.limiter.samples.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One HTTP/1.1 client that keeps its connection alive, as browsers and load balancers do, sending
 * {@code GET /hello} (or another path) to the gateway on behalf of a client address: the address goes in
 * {@code X-Forwarded-For}, which the gateway believes from the loopback proxy that the tests trust.
 */
final class GatewayClient {

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private final URI gateway;

	GatewayClient(int port) {
		this.gateway = URI.create("http://127.0.0.1:" + port);
	}

	HttpResponse<String> hello(String clientAddress) throws IOException, InterruptedException {
		return get("/hello", clientAddress);
	}

	HttpResponse<String> get(String path, String clientAddress) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(this.gateway.resolve(path))
			.header("X-Forwarded-For", clientAddress)
			.timeout(Duration.ofSeconds(10))
			.GET()
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
