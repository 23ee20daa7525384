package io.limiter.spring.internal.reactive;

import reactor.core.publisher.Mono;

import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.RequestPattern;

/**
 * One rule of the WebFlux filter: which requests (path patterns and methods) take how many permits of which
 * limit, under which key.
 */
public final class WebFilterRule {

	private final RequestPattern requests;

	private final LimitEnforcer enforcer;

	private final ExchangeKeyResolver key;

	private final long cost;

	/**
	 * Creates a rule.
	 * @param requests the requests it applies to
	 * @param enforcer the limit
	 * @param key the key of an exchange
	 * @param cost the permits a request takes
	 */
	public WebFilterRule(RequestPattern requests, LimitEnforcer enforcer, ExchangeKeyResolver key, long cost) {
		this.requests = requests;
		this.enforcer = enforcer;
		this.key = key;
		this.cost = cost;
	}

	/**
	 * Returns whether the rule applies to a request.
	 * @param method the request's HTTP method
	 * @param path the request's path within the application
	 * @return {@code true} when it applies
	 */
	boolean matches(String method, PathContainer path) {
		return this.requests.matches(method, path);
	}

	/**
	 * Takes the rule's permits for the exchange, without waiting on the calling thread.
	 * @param exchange the exchange
	 * @return the verdict
	 */
	Mono<Verdict> enforce(ServerWebExchange exchange) {
		return this.key.resolve(exchange).flatMap((key) -> Mono.fromFuture(this.enforcer.enforceAsync(key, this.cost)));
	}

}
