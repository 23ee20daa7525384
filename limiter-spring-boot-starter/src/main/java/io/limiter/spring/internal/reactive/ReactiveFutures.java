package io.limiter.spring.internal.reactive;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;

/**
 * Turns the futures of the limiter into {@link Mono}s, and says on which thread what follows them goes on.
 * <p>
 * A decision or refund that Redis answers completes on the Redis client's I/O thread, and what follows it in a
 * reactive chain (the rest of the exchange, the application's handler, the answer) must not run there: on that one
 * thread it would hold up every other Redis reply. So with a backend that answers over the network every exchange
 * that a filter with rules sees goes on on Reactor's parallel scheduler ({@link #handOver()}): limited or not, known
 * at once or answered by Redis (a filter without rules leaves every exchange as it is). A server must not see an exchange of a connection go on sometimes on its own thread and
 * sometimes on another: on Reactor Netty (reactor/reactor-netty#4361, still in 1.3.7), a request that a client sent
 * before the server finished the one before it is held back, and when it then completes on the server's own thread
 * the connection is no longer read, and every later request on it waits for ever. In memory every decision is known
 * at once, and what follows it goes on on the thread that asked ({@link #of}), as the application would without a
 * limiter; a future that is not done yet (a wait) is followed on the parallel scheduler all the same.
 * <p>
 * Cancelling the {@code Mono} cancels the future ({@link Mono#fromFuture(CompletableFuture)} does not suppress the
 * cancel): the future of {@code acquireAsync} then stops its wait and gives back the permits it reserved.
 */
public final class ReactiveFutures {

	private static final Scheduler RESUME_ON = Schedulers.parallel();

	private static final ReactiveFutures HAND_OVER = new ReactiveFutures(false);

	private static final ReactiveFutures IN_PLACE_WHEN_KNOWN = new ReactiveFutures(true);

	private final boolean inPlaceWhenKnown;

	private ReactiveFutures(boolean inPlaceWhenKnown) {
		this.inPlaceWhenKnown = inPlaceWhenKnown;
	}

	/**
	 * Returns the futures of a backend: followed on the thread that asked when the backend decides in memory,
	 * else always on Reactor's parallel scheduler.
	 * @param backend the backend of the limits
	 * @return its futures
	 */
	public static ReactiveFutures of(LimiterBackend backend) {
		return (backend instanceof InMemoryBackend) ? IN_PLACE_WHEN_KNOWN : HAND_OVER;
	}

	/**
	 * Returns futures that are always followed on Reactor's parallel scheduler.
	 * @return those futures
	 */
	public static ReactiveFutures handOver() {
		return HAND_OVER;
	}

	/**
	 * Returns a {@link Mono} of the future's result, signalled on the thread this policy says.
	 * @param <T> the type of the result
	 * @param future the future
	 * @return its result as a Mono
	 */
	public <T> Mono<T> resume(CompletableFuture<T> future) {
		Mono<T> result = Mono.fromFuture(future);
		return (this.inPlaceWhenKnown && future.isDone()) ? result : result.publishOn(RESUME_ON);
	}

	/**
	 * Like {@link #resume(CompletableFuture)}, for a future made at subscription.
	 * @param <T> the type of the result
	 * @param future makes the future
	 * @return its result as a Mono
	 */
	public <T> Mono<T> resume(Supplier<CompletableFuture<T>> future) {
		return Mono.defer(() -> resume(future.get()));
	}

	/**
	 * Goes on with an exchange that no limit decides (no rule matches it, or its rules are skipped) on the thread
	 * the limited ones go on on.
	 * @param exchange the rest of the exchange, subscribed to where it goes on
	 * @return completes when the exchange does
	 */
	public Mono<Void> proceed(Supplier<Mono<Void>> exchange) {
		Mono<Void> rest = Mono.defer(exchange);
		return this.inPlaceWhenKnown ? rest : rest.subscribeOn(RESUME_ON);
	}

}
