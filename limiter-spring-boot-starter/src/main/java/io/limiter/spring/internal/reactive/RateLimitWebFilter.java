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

import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.LimitRule;

/**
 * Applies the filter rules to every request of a WebFlux application, as the servlet filter does: the first
 * matching rule, or every matching rule in order until one denies. An allowed request goes on with RateLimit
 * headers; a denied one is answered with 429. Decisions are asynchronous and no thread waits for one: the
 * exchange goes on on the calling thread when they are known at once, else on the thread that completes the last.
 */
public final class RateLimitWebFilter implements WebFilter, Ordered {

	private final List<LimitRule<ExchangeKeyResolver>> rules;

	private final boolean firstMatchOnly;

	private final ReactiveRateLimitResponses responses;

	private final int order;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes headers and 429 answers
	 * @param order the filter's order among the web filters
	 */
	public RateLimitWebFilter(List<LimitRule<ExchangeKeyResolver>> rules, boolean firstMatchOnly,
			ReactiveRateLimitResponses responses, int order) {
		this.rules = List.copyOf(rules);
		this.firstMatchOnly = firstMatchOnly;
		this.responses = responses;
		this.order = order;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		List<LimitRule<ExchangeKeyResolver>> matching = matching(exchange.getRequest());
		if (matching.isEmpty()) {
			return chain.filter(exchange);
		}
		return Flux.fromIterable(matching)
			.concatMap((rule) -> enforce(rule, exchange))
			.takeUntil((verdict) -> !verdict.allowed())
			.collectList()
			.flatMap((verdicts) -> {
				Verdict last = verdicts.get(verdicts.size() - 1);
				if (!last.allowed()) {
					return this.responses.deny(exchange, verdicts, last.limitName(), last.decision().retryAfterMillis());
				}
				this.responses.writeHeaders(exchange.getResponse(), verdicts);
				return chain.filter(exchange);
			});
	}

	private List<LimitRule<ExchangeKeyResolver>> matching(ServerHttpRequest request) {
		if (this.rules.isEmpty()) {
			return List.of();
		}
		String method = request.getMethod().name();
		PathContainer path = request.getPath().pathWithinApplication();
		List<LimitRule<ExchangeKeyResolver>> matching = new ArrayList<>(2);
		for (LimitRule<ExchangeKeyResolver> rule : this.rules) {
			if (rule.requests().matches(method, path)) {
				matching.add(rule);
				if (this.firstMatchOnly) {
					break;
				}
			}
		}
		return matching;
	}

	/** Takes the rule's permits for the exchange, without waiting on the calling thread. */
	private static Mono<Verdict> enforce(LimitRule<ExchangeKeyResolver> rule, ServerWebExchange exchange) {
		return rule.key()
			.resolve(exchange)
			.flatMap((key) -> Mono.fromFuture(rule.enforcer().enforceAsync(key, rule.cost(), exchange)));
	}

	@Override
	public int getOrder() {
		return this.order;
	}

}
