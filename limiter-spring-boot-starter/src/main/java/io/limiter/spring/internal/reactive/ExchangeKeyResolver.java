package io.limiter.spring.internal.reactive;

import java.net.InetSocketAddress;
import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.http.ClientAddresses;
import io.limiter.spring.internal.http.KeySetting;

/**
 * Gives the key of an exchange under a filter rule. Exchanges that lack what the key is made of (no header, an
 * expression that gives {@code null}) share the empty key.
 */
@FunctionalInterface
public interface ExchangeKeyResolver {

	/** The key of an exchange that lacks what the key is made of. */
	String NONE = "";

	/**
	 * Returns the key of an exchange.
	 * @param exchange the exchange
	 * @return the key, never empty
	 */
	Mono<String> resolve(ServerWebExchange exchange);

	/**
	 * Makes the resolver of a key setting: {@code ip} (the client address), {@code header:<Name>},
	 * {@code principal} ({@link ServerWebExchange#getPrincipal()}, the client address when no user is
	 * authenticated), a literal, or a SpEL expression whose root object is the {@link ServerHttpRequest}, such as
	 * {@code getQueryParams().getFirst('tenant')}. Expressions may read properties and call methods of the request
	 * and of beans ({@code @name}), nothing else.
	 * @param setting the parsed setting
	 * @param clients the resolver of client addresses
	 * @param contexts makes the evaluation context of a request
	 * @return the resolver
	 */
	static ExchangeKeyResolver of(KeySetting setting, ClientAddresses clients, ExpressionContexts contexts) {
		if (setting instanceof KeySetting.ClientAddress) {
			return (exchange) -> Mono.just(clientAddress(exchange.getRequest(), clients));
		}
		if (setting instanceof KeySetting.UserPrincipal) {
			return (exchange) -> exchange.getPrincipal()
				.mapNotNull(KeySetting.UserPrincipal::nameOf)
				.switchIfEmpty(Mono.fromSupplier(() -> clientAddress(exchange.getRequest(), clients)));
		}
		if (setting instanceof KeySetting.Header header) {
			return (exchange) -> {
				String value = exchange.getRequest().getHeaders().getFirst(header.name());
				return Mono.just((value != null) ? value : NONE);
			};
		}
		if (setting instanceof KeySetting.Constant constant) {
			Mono<String> key = Mono.just(constant.value());
			return (exchange) -> key;
		}
		KeySetting.Evaluated evaluated = (KeySetting.Evaluated) setting;
		return (exchange) -> Mono.fromCallable(() -> evaluated.key(contexts.forRequest(exchange.getRequest())));
	}

	private static String clientAddress(ServerHttpRequest request, ClientAddresses clients) {
		InetSocketAddress remote = request.getRemoteAddress();
		if (remote == null) {
			return NONE;
		}
		String address = (remote.getAddress() != null) ? remote.getAddress().getHostAddress() : remote.getHostString();
		HttpHeaders headers = request.getHeaders();
		return clients.resolve(address, (name) -> {
			List<String> values = headers.get(name);
			return (values != null) ? values : List.of();
		});
	}

}
