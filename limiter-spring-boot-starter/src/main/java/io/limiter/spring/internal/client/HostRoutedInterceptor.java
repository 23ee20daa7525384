package io.limiter.spring.internal.client;

import java.io.IOException;

import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Hands a {@code RestClient} or {@code RestTemplate} call to the interceptor of the first rule whose hosts match its
 * target; sends a call that no rule matches as it is.
 */
public final class HostRoutedInterceptor implements ClientHttpRequestInterceptor {

	private final HostRoutes<ClientHttpRequestInterceptor> routes;

	/**
	 * Creates the interceptor.
	 * @param routes the interceptor of each rule
	 */
	public HostRoutedInterceptor(HostRoutes<ClientHttpRequestInterceptor> routes) {
		this.routes = routes;
	}

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		ClientHttpRequestInterceptor limited = this.routes.find(request.getURI());
		return (limited != null) ? limited.intercept(request, body, execution) : execution.execute(request, body);
	}

	@Override
	public String toString() {
		return "HostRoutedInterceptor" + this.routes;
	}

}
