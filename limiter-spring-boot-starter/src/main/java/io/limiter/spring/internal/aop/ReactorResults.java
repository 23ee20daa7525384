package io.limiter.spring.internal.aop;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import io.limiter.spring.internal.PendingRefunds;

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

	/**
	 * Returns a {@code Mono} that signals as the method's does, once the pending permits are settled by its
	 * outcome; a cancelled one keeps them.
	 */
	static Object settleMono(Object result, PendingRefunds<Throwable> pending) {
		return Mono.usingWhen(Mono.just(pending), (taken) -> (Mono<?>) result, ReactorResults::settle,
				ReactorResults::settle, ReactorResults::keep);
	}

	/**
	 * Returns a {@code Flux} that signals as the method's does, its completion or error once the pending permits
	 * are settled by its outcome; a cancelled one keeps them.
	 */
	static Object settleFlux(Object result, PendingRefunds<Throwable> pending) {
		return Flux.usingWhen(Mono.just(pending), (taken) -> (Flux<?>) result, ReactorResults::settle,
				ReactorResults::settle, ReactorResults::keep);
	}

	private static Mono<Void> settle(PendingRefunds<Throwable> pending) {
		return settle(pending, null);
	}

	private static Mono<Void> settle(PendingRefunds<Throwable> pending, Throwable failure) {
		return Mono.fromFuture(() -> pending.settleAsync(failure));
	}

	private static Mono<Void> keep(PendingRefunds<Throwable> pending) {
		return Mono.empty();
	}

}
