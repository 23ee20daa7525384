package io.limiter.spring.internal.aop;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.ReactiveAdapter;

import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.reactive.ReactiveFutures;

/**
 * The reactive results of a rate-limited method, through Reactor: what the method (or its fallback) returns is
 * adapted to a {@code Mono} or {@code Flux}, and the method's declared type is adapted back from one whose every
 * subscription decides the limits and then subscribes to what the method returned, on Reactor's parallel scheduler
 * ({@link ReactiveFutures}). Loaded only for methods that return a reactive type, so the aspect needs no Reactor
 * otherwise.
 */
final class ReactorResults {

	private ReactorResults() {
	}

	/**
	 * Returns the method's reactive type of at most one value.
	 * @param adapter the adapter of the method's return type
	 * @param call decides the limits and calls the method or its fallback, giving what {@link #mono} made of it
	 * @return an instance of the method's return type
	 */
	static Object single(ReactiveAdapter adapter, Supplier<CompletableFuture<Object>> call) {
		return adapter.fromPublisher(ReactiveFutures.resume(call).flatMap((result) -> (Mono<?>) result));
	}

	/**
	 * Returns the method's reactive type of many values.
	 * @param adapter the adapter of the method's return type
	 * @param call decides the limits and calls the method or its fallback, giving what {@link #flux} made of it
	 * @return an instance of the method's return type
	 */
	static Object multi(ReactiveAdapter adapter, Supplier<CompletableFuture<Object>> call) {
		return adapter.fromPublisher(ReactiveFutures.resume(call).flatMapMany((result) -> (Flux<?>) result));
	}

	/** Adapts what the method or its fallback returned to a {@code Mono}. */
	static Object mono(ReactiveAdapter adapter, Object result) {
		return Mono.from(adapter.toPublisher(result));
	}

	/** Adapts what the method or its fallback returned to a {@code Flux}. */
	static Object flux(ReactiveAdapter adapter, Object result) {
		return Flux.from(adapter.toPublisher(result));
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
		return ReactiveFutures.resume(() -> pending.settleAsync(failure));
	}

	private static Mono<Void> keep(PendingRefunds<Throwable> pending) {
		return Mono.empty();
	}

}
