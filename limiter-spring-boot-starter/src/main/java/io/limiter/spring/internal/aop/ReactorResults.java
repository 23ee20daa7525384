package io.limiter.spring.internal.aop;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code Mono} and {@code Flux} of a rate-limited method: each subscription decides the limits and then
 * subscribes to what the method (or its fallback) returned. Loaded only for methods that return them, so the
 * aspect needs no Reactor otherwise.
 */
final class ReactorResults {

	private ReactorResults() {
	}

	static Mono<Object> mono(Supplier<CompletableFuture<Object>> call) {
		return Mono.fromFuture(call).flatMap((result) -> (Mono<?>) result);
	}

	static Flux<Object> flux(Supplier<CompletableFuture<Object>> call) {
		return Mono.fromFuture(call).flatMapMany((result) -> (Flux<?>) result);
	}

}
