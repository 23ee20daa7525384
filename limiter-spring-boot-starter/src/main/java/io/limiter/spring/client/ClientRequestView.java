package io.limiter.spring.client;

import java.net.URI;
import java.util.Map;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.web.reactive.function.client.ClientRequest;

/**
 * A {@code WebClient} request seen as the {@link HttpRequest} that {@link OutboundKeyResolver}s read, so that one
 * resolver serves {@code RestClient}, {@code RestTemplate} and {@code WebClient} alike.
 */
final class ClientRequestView implements HttpRequest {

	private final ClientRequest request;

	ClientRequestView(ClientRequest request) {
		this.request = request;
	}

	@Override
	public HttpMethod getMethod() {
		return this.request.method();
	}

	@Override
	public URI getURI() {
		return this.request.url();
	}

	@Override
	public Map<String, Object> getAttributes() {
		return this.request.attributes();
	}

	@Override
	public HttpHeaders getHeaders() {
		return this.request.headers();
	}

}
