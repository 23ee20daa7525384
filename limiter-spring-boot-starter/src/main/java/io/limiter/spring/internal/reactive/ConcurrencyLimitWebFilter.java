package io.limiter.spring.internal.reactive;

import java.util.ArrayList;
import java.util.List;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

import io.limiter.ConcurrencyPermit;
import io.limiter.spring.internal.ConcurrencyDenials;
import io.limiter.spring.internal.HeldPermits;
import io.limiter.spring.internal.http.ConcurrencyRule;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * The WebFlux twin of the servlet {@code ConcurrencyLimitFilter}: a matching exchange takes one permit of each rule's
 * concurrency limit (of the first matching rule only, under {@code limiter.filter.match: first}), without waiting on
 * the calling thread, and holds them until the exchange ends: when the rest of the chain completes, fails, or is
 * cancelled (a client that went away). A denied exchange is answered as its rule says (429, {@code Retry-After: 1}
 * and the problem by default), without RateLimit headers, once the permits of the rules before are back. A permit
 * granted after the exchange was cancelled is released as soon as it arrives.
 */
public final class ConcurrencyLimitWebFilter implements WebFilter, Ordered {

	private final List<ConcurrencyRule<ExchangeKeyResolver>> rules;

	private final boolean firstMatchOnly;

	private final ReactiveRateLimitResponses responses;

	private final int order;

	private final RuleExpressionContexts<ServerHttpRequest> contexts;

	private final ReactiveFutures futures;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes denials
	 * @param order the filter's order among the web filters
	 * @param contexts makes the evaluation context of the rules' conditions
	 * @param futures where exchanges go on after their permits are taken, and those that no rule limits
	 */
	public ConcurrencyLimitWebFilter(List<ConcurrencyRule<ExchangeKeyResolver>> rules, boolean firstMatchOnly,
			ReactiveRateLimitResponses responses, int order, RuleExpressionContexts<ServerHttpRequest> contexts,
			ReactiveFutures futures) {
		this.rules = List.copyOf(rules);
		this.firstMatchOnly = firstMatchOnly;
		this.responses = responses;
		this.order = order;
		this.contexts = contexts;
		this.futures = futures;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		List<ConcurrencyRule<ExchangeKeyResolver>> matching = matching(exchange.getRequest());
		if (matching.isEmpty()) {
			return this.rules.isEmpty() ? chain.filter(exchange) : this.futures.proceed(() -> chain.filter(exchange));
		}
		HeldPermits held = new HeldPermits();
		return Flux.fromIterable(matching)
			.concatMap((rule) -> acquire(rule, exchange, held))
			.takeUntil((taken) -> !taken.permit().isAllowed())
			.last()
			.flatMap((last) -> {
				if (last.permit().isAllowed()) {
					return chain.filter(exchange);
				}
				return this.futures.resume(held::releaseAsync)
					.then(this.responses.deny(exchange, List.of(), last.rule().limiter().name(),
							ConcurrencyDenials.decision(last.permit()), last.rule().denial()));
			})
			.doFinally((signal) -> held.releaseAsync());
	}

	/**
	 * Takes the rule's permit for the exchange. The permit joins the held ones when it is granted, even after the
	 * exchange was cancelled, so that its release is never missed.
	 */
	private Mono<Taken> acquire(ConcurrencyRule<ExchangeKeyResolver> rule, ServerWebExchange exchange,
			HeldPermits held) {
		return rule.key()
			.resolve(exchange)
			.flatMap((key) -> this.futures.resume(rule.limiter().tryAcquireAsync(key).toCompletableFuture()
				.thenApply((permit) -> {
					held.add(permit);
					return new Taken(rule, permit);
				})));
	}

	private List<ConcurrencyRule<ExchangeKeyResolver>> matching(ServerHttpRequest request) {
		if (this.rules.isEmpty()) {
			return List.of();
		}
		String method = request.getMethod().name();
		PathContainer path = request.getPath().pathWithinApplication();
		List<ConcurrencyRule<ExchangeKeyResolver>> matching = new ArrayList<>(2);
		for (ConcurrencyRule<ExchangeKeyResolver> rule : this.rules) {
			if (rule.requests().matches(method, path)
					&& !(rule.skipIf().isSet() && rule.skipIf().holds(this.contexts.forRequest(request)))) {
				matching.add(rule);
				if (this.firstMatchOnly) {
					break;
				}
			}
		}
		return matching;
	}

	private record Taken(ConcurrencyRule<ExchangeKeyResolver> rule, ConcurrencyPermit permit) {
	}

	@Override
	public int getOrder() {
		return this.order;
	}

}
