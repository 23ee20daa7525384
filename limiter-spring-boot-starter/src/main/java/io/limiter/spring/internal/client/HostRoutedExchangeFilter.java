package io.limiter.spring.internal.client;

import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;

import reactor.core.publisher.Mono;

/**
 * Hands a {@code WebClient} exchange to the filter of the first rule whose hosts match its target; passes an exchange
 * that no rule matches on as it is.
 */
public final class HostRoutedExchangeFilter implements ExchangeFilterFunction {

	private final HostRoutes<ExchangeFilterFunction> routes;

	/**
	 * Creates the filter.
	 * @param routes the filter of each rule
	 */
	public HostRoutedExchangeFilter(HostRoutes<ExchangeFilterFunction> routes) {
		this.routes = routes;
	}

	@Override
	public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
		ExchangeFilterFunction limited = this.routes.find(request.url());
		return (limited != null) ? limited.filter(request, next) : next.exchange(request);
	}

	@Override
	public String toString() {
		return "HostRoutedExchangeFilter" + this.routes;
	}

}
