package io.limiter.spring.internal.reactive;

import java.util.function.Function;

import reactor.core.publisher.Mono;

import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.spring.internal.http.EmptyKeyPolicy;
import io.limiter.spring.internal.http.KeySetting;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * Gives the key of an exchange under a filter rule. An exchange that lacks what the key is made of (no header or a
 * blank one, an expression that gives {@code null} or blank text, no authenticated user) is keyed as the rule's
 * {@link EmptyKeyPolicy} says: by its client address unless the rule says otherwise.
 */
@FunctionalInterface
public interface ExchangeKeyResolver {

	/**
	 * Returns the key of an exchange.
	 * @param exchange the exchange
	 * @return the key, or an {@link org.springframework.web.server.ResponseStatusException} when the exchange
	 * lacks its key and the rule denies such exchanges
	 */
	Mono<String> resolve(ServerWebExchange exchange);

	/**
	 * Makes the resolver of a key setting: {@code ip} (the client address), {@code header:<Name>},
	 * {@code principal} ({@link ServerWebExchange#getPrincipal()}), a literal, or a SpEL expression whose root
	 * object is the {@link ServerHttpRequest}, such as {@code getQueryParams().getFirst('tenant')}. Expressions may
	 * read properties and call methods of the request and of beans ({@code @name}), nothing else.
	 * @param setting the parsed setting
	 * @param emptyKey what the key of an exchange that lacks one is
	 * @param clients the resolver of client addresses
	 * @param contexts makes the evaluation context of a request
	 * @return the resolver
	 */
	static ExchangeKeyResolver of(KeySetting setting, EmptyKeyPolicy emptyKey, ExchangeClientAddressResolver clients,
			RuleExpressionContexts<ServerHttpRequest> contexts) {
		if (setting instanceof KeySetting.ClientAddress) {
			return (exchange) -> Mono.just(clients.resolve(exchange.getRequest()));
		}
		if (setting instanceof KeySetting.Constant constant) {
			Mono<String> key = Mono.just(constant.value());
			return (exchange) -> key;
		}
		Function<ServerWebExchange, Mono<String>> key;
		if (setting instanceof KeySetting.UserPrincipal) {
			key = (exchange) -> exchange.getPrincipal().mapNotNull(KeySetting.UserPrincipal::nameOf);
		}
		else if (setting instanceof KeySetting.Header header) {
			key = (exchange) -> Mono.justOrEmpty(exchange.getRequest().getHeaders().getFirst(header.name()));
		}
		else {
			KeySetting.Evaluated evaluated = (KeySetting.Evaluated) setting;
			key = (exchange) -> Mono.fromCallable(() -> evaluated.key(contexts.forRequest(exchange.getRequest())));
		}
		return (exchange) -> key.apply(exchange)
			.defaultIfEmpty(EmptyKeyPolicy.SHARED)
			.map((value) -> emptyKey.keyOr(value, () -> clients.resolve(exchange.getRequest())));
	}

}
