package io.limiter.spring.internal.reactive;

import java.util.ArrayList;
import java.util.List;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.http.LimitRule;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * Applies the filter rules to every request of a WebFlux application, as the servlet filter does: the first
 * matching rule, or every matching rule in order until one denies; a rule whose {@code skip-if} holds does not
 * match. An allowed request goes on with RateLimit headers; a denied one is answered as its rule says (429 by
 * default). Decisions are asynchronous and no thread waits for one: the exchange goes on where its
 * {@link ReactiveFutures} say, never on the Redis client's I/O thread, and on the same thread whether a rule decided
 * it or not.
 * <p>
 * A rule that counts only some statuses takes its permits before the exchange and gives them back through
 * {@link io.limiter.RateLimiter#refundAsync} when the exchange ends with a status that does not count, before the
 * end of its answer can reach the client ({@link SettlingExchange}): an error before the answer counts with the
 * status the error handler answers it with, an error after the answer started (a body that breaks off) as 500. When
 * a later rule denies the exchange, such rules' permits are given back: it did not run.
 */
public final class RateLimitWebFilter implements WebFilter, Ordered {

	private final List<LimitRule<ExchangeKeyResolver>> rules;

	private final boolean firstMatchOnly;

	private final ReactiveRateLimitResponses responses;

	private final int order;

	private final RuleExpressionContexts<ServerHttpRequest> contexts;

	private final ReactiveFutures futures;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes headers and 429 answers
	 * @param order the filter's order among the web filters
	 * @param contexts makes the evaluation context of the rules' conditions
	 * @param futures where exchanges go on after their decisions, and those that no rule decides
	 */
	public RateLimitWebFilter(List<LimitRule<ExchangeKeyResolver>> rules, boolean firstMatchOnly,
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
		List<LimitRule<ExchangeKeyResolver>> matching = matching(exchange);
		if (matching.isEmpty()) {
			return this.rules.isEmpty() ? chain.filter(exchange) : this.futures.proceed(() -> chain.filter(exchange));
		}
		PendingRefunds<Integer> pending = new PendingRefunds<>();
		return Flux.fromIterable(matching)
			.concatMap((rule) -> enforce(rule, exchange, pending))
			.takeUntil((enforced) -> !enforced.enforcement().allowed())
			.collectList()
			.flatMap((enforced) -> {
				List<Enforcement> enforcements = enforced.stream().map(Enforced::enforcement).toList();
				Enforced last = enforced.get(enforced.size() - 1);
				if (!last.enforcement().allowed()) {
					Enforcement denied = last.enforcement();
					return this.futures.resume(pending::refundAllAsync)
						.then(this.responses.deny(exchange, enforcements, denied.limitName(), denied.decision(),
								last.rule().denial()));
				}
				this.responses.writeHeaders(exchange.getResponse(), enforcements);
				return pending.isEmpty() ? chain.filter(exchange) : proceedAndSettle(exchange, chain, pending);
			});
	}

	/**
	 * Goes on with the exchange, and gives back the permits of the rules for which its final status does not count
	 * ({@link SettlingExchange}).
	 */
	private Mono<Void> proceedAndSettle(ServerWebExchange exchange, WebFilterChain chain,
			PendingRefunds<Integer> pending) {
		SettlingExchange settling = new SettlingExchange(exchange.getResponse(), pending, this.futures);
		exchange.getResponse().beforeCommit(settling::beforeCommit);
		return chain.filter(exchange)
			.onErrorResume((failure) -> settling.failed(failure).then(Mono.error(failure)))
			.then(Mono.defer(settling::completed))
			.doOnCancel(settling::cancelled);
	}

	private List<LimitRule<ExchangeKeyResolver>> matching(ServerWebExchange exchange) {
		ServerHttpRequest request = exchange.getRequest();
		if (this.rules.isEmpty()) {
			return List.of();
		}
		String method = request.getMethod().name();
		PathContainer path = request.getPath().pathWithinApplication();
		List<LimitRule<ExchangeKeyResolver>> matching = new ArrayList<>(2);
		for (LimitRule<ExchangeKeyResolver> rule : this.rules) {
			if (rule.requests().matches(method, path) && !skips(rule, request)) {
				matching.add(rule);
				if (this.firstMatchOnly) {
					break;
				}
			}
		}
		return matching;
	}

	private boolean skips(LimitRule<ExchangeKeyResolver> rule, ServerHttpRequest request) {
		return rule.skipIf().isSet() && rule.skipIf().holds(this.contexts.forRequest(request));
	}

	/**
	 * Takes the rule's permits for the exchange, without waiting on the calling thread, and keeps them pending
	 * when the rule counts only some statuses. An exchange that the rule denies for lacking its key ends in the
	 * rule's status, through the error handling of WebFlux, once the permits of the rules before are back.
	 */
	private Mono<Enforced> enforce(LimitRule<ExchangeKeyResolver> rule, ServerWebExchange exchange,
			PendingRefunds<Integer> pending) {
		return rule.key()
			.resolve(exchange)
			.onErrorResume(ResponseStatusException.class,
					(ex) -> this.futures.resume(pending::refundAllAsync).then(Mono.error(ex)))
			.flatMap((key) -> this.futures.resume(rule.enforcer().enforceAsync(key, rule.cost(), exchange))
				.map((enforcement) -> {
					if (enforcement.charged() && rule.countOn().afterCompletion()) {
						pending.add(rule.enforcer(), key, enforcement, rule.countOn()::counts);
					}
					return new Enforced(rule, enforcement);
				}));
	}

	private record Enforced(LimitRule<ExchangeKeyResolver> rule, Enforcement enforcement) {
	}

	@Override
	public int getOrder() {
		return this.order;
	}

}
