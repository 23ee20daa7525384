package io.limiter.spring.testapp.reactive;

import java.util.concurrent.CompletableFuture;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;

public class ReactiveQuoteService {

	private volatile String lastCallThread;

	@RateLimited(limit = "quote", key = "#id")
	public Mono<String> quote(String id) {
		this.lastCallThread = Thread.currentThread().getName();
		return Mono.just("quote for " + id);
	}

	@RateLimited(limit = "quote", key = "'cached-' + #id", fallbackMethod = "cached")
	public Mono<String> quoteOrCached(String id) {
		return Mono.just("fresh quote for " + id);
	}

	Mono<String> cached(String id, RateLimitExceededException exception) {
		return Mono.just("cached quote for " + id + " (limit " + exception.limitName() + ")");
	}

	@RateLimited(limit = "quote", key = "'many-' + #id")
	public Flux<String> quotes(String id) {
		return Flux.just("first quote for " + id, "second quote for " + id);
	}

	@RateLimited(limit = "quote", key = "'later-' + #id")
	public CompletableFuture<String> quoteLater(String id) {
		this.lastCallThread = Thread.currentThread().getName();
		return CompletableFuture.completedFuture("later quote for " + id);
	}

	/** {@return the name of the thread that last called a limited method's body} */
	public String lastCallThread() {
		return this.lastCallThread;
	}

}
