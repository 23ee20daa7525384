package io.limiter.spring.internal.aop;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;

import io.limiter.LimiterBackend;
import io.limiter.spring.internal.reactive.ReactiveFutures;

/**
 * The reactive results of a rate-limited method, through Reactor: what the method (or its fallback) returns is
 * adapted to a {@code Mono} or {@code Flux}, and the method's declared type is adapted back from one whose every
 * subscription decides the limits and then subscribes to what the method returned, on the thread that the
 * backend's {@link ReactiveFutures} say: where it was asked in memory, else on Reactor's parallel scheduler. Loaded
 * only for methods that return a reactive type, so the aspect needs no Reactor otherwise.
 */
final class ReactorResults {

	private ReactorResults() {
	}

	/**
	 * Returns the method's reactive type of at most one value.
	 * @param adapter the adapter of the method's return type
	 * @param backend decides the limits
	 * @param call decides the limits and calls the method or its fallback, giving what {@link #mono} made of it; the
	 * permits it takes are those of the subscription, released when it is cancelled
	 * ({@link CallPermits#abandon()}: a cancel while the call waits for permits also stops the wait and gives back
	 * those it reserved, and the method is not called)
	 * @return an instance of the method's return type
	 */
	static Object single(ReactiveAdapter adapter, LimiterBackend backend,
			Function<CallPermits, CompletableFuture<Object>> call) {
		return adapter.fromPublisher(Mono.defer(() -> {
			CallPermits permits = new CallPermits();
			return ReactiveFutures.of(backend).resume(() -> call.apply(permits))
				.flatMap((result) -> (Mono<?>) result)
				.doOnCancel(permits::abandon);
		}));
	}

	/**
	 * Returns the method's reactive type of many values.
	 * @param adapter the adapter of the method's return type
	 * @param backend decides the limits
	 * @param call decides the limits and calls the method or its fallback, giving what {@link #flux} made of it; the
	 * permits it takes are those of the subscription, released when it is cancelled, as for {@link #single}
	 * @return an instance of the method's return type
	 */
	static Object multi(ReactiveAdapter adapter, LimiterBackend backend,
			Function<CallPermits, CompletableFuture<Object>> call) {
		return adapter.fromPublisher(Flux.defer(() -> {
			CallPermits permits = new CallPermits();
			return ReactiveFutures.of(backend).resume(() -> call.apply(permits))
				.flatMapMany((result) -> (Flux<?>) result)
				.doOnCancel(permits::abandon);
		}));
	}

	/**
	 * Returns the adapter of {@code Mono}, the type Spring's AOP makes of a Kotlin suspending function's result.
	 * @param adapters the reactive types
	 * @return the adapter
	 */
	static ReactiveAdapter monoAdapter(ReactiveAdapterRegistry adapters) {
		return adapters.getAdapter(Mono.class);
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
	 * outcome and the held ones released; a cancelled one keeps the pending permits and releases the held ones.
	 */
	static Object settleMono(Object result, CallPermits permits, LimiterBackend backend) {
		ReactiveFutures futures = ReactiveFutures.of(backend);
		return Mono.usingWhen(Mono.just(permits), (taken) -> (Mono<?>) result, (taken) -> settle(taken, null, futures),
				(taken, failure) -> settle(taken, failure, futures), (taken) -> cancel(taken, futures));
	}

	/**
	 * Returns a {@code Flux} that signals as the method's does, its completion or error once the pending permits
	 * are settled by its outcome and the held ones released; a cancelled one keeps the pending permits and releases
	 * the held ones.
	 */
	static Object settleFlux(Object result, CallPermits permits, LimiterBackend backend) {
		ReactiveFutures futures = ReactiveFutures.of(backend);
		return Flux.usingWhen(Mono.just(permits), (taken) -> (Flux<?>) result, (taken) -> settle(taken, null, futures),
				(taken, failure) -> settle(taken, failure, futures), (taken) -> cancel(taken, futures));
	}

	private static Mono<Void> settle(CallPermits permits, Throwable failure, ReactiveFutures futures) {
		return futures.resume(() -> permits.settleAsync(failure));
	}

	private static Mono<Void> cancel(CallPermits permits, ReactiveFutures futures) {
		return futures.resume(permits::cancelAsync);
	}

}
