package io.limiter.spring.internal.reactive;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Turns the futures of the limiter into {@link Mono}s that always go on on Reactor's parallel scheduler, whoever
 * completed them and whenever. A decision or refund that Redis answers completes on the Redis client's I/O thread,
 * and what follows it in a reactive chain (the rest of the exchange, the application's handler, the answer) must
 * not run there: on that one thread it would hold up every other Redis reply. And an exchange must not go on
 * sometimes on the server's own thread (a decision known at once: a block tier refusal) and sometimes on another
 * (a decision Redis answered): on Reactor Netty that mix left keep-alive connections unanswered at a hot key's
 * limit, while exchanges that all went on on the server's thread (in memory), or all on another (no local tier),
 * did not. Going on on one scheduler every time costs one hand-over per limited exchange.
 * <p>
 * Cancelling the {@code Mono} cancels the future ({@link Mono#fromFuture(CompletableFuture)} does not suppress the
 * cancel): the future of {@code acquireAsync} then stops its wait and gives back the permits it reserved.
 */
public final class ReactiveFutures {

	private static final Scheduler RESUME_ON = Schedulers.parallel();

	private ReactiveFutures() {
	}

	/**
	 * Returns a {@link Mono} of the future's result, signalled on Reactor's parallel scheduler.
	 * @param <T> the type of the result
	 * @param future the future
	 * @return its result as a Mono
	 */
	public static <T> Mono<T> resume(CompletableFuture<T> future) {
		return Mono.fromFuture(future).publishOn(RESUME_ON);
	}

	/**
	 * Like {@link #resume(CompletableFuture)}, for a future made at subscription.
	 * @param <T> the type of the result
	 * @param future makes the future
	 * @return its result as a Mono
	 */
	public static <T> Mono<T> resume(Supplier<CompletableFuture<T>> future) {
		return Mono.fromFuture(future).publishOn(RESUME_ON);
	}

}
