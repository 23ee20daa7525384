package io.limiter.spring;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import io.limiter.Decision;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterOptions;
import io.limiter.RateLimiter;

/**
 * A backend whose limiters decide in memory but answer only asynchronously, on a thread of their own named
 * {@link #DECIDER}, and only once the gate is open; their synchronous methods throw. A caller that waits for a
 * decision, or asks for one synchronously, is caught.
 */
public final class AsyncOnlyBackend implements LimiterBackend {

	static final String DECIDER = "limiter-decider";

	private final InMemoryBackend memory = InMemoryBackend.builder().build();

	private final ExecutorService decider = Executors.newSingleThreadExecutor((task) -> new Thread(task, DECIDER));

	private volatile CompletableFuture<Void> gate = CompletableFuture.completedFuture(null);

	private final AtomicInteger asked = new AtomicInteger();

	/** Holds every decision asked for from now on until {@link #release()}. */
	public void hold() {
		this.gate = new CompletableFuture<>();
	}

	/** {@return how many decisions were asked for, held or not} */
	public int asked() {
		return this.asked.get();
	}

	/** Lets the held decisions, and every later one, complete. */
	public void release() {
		this.gate.complete(null);
	}

	@Override
	public List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options) {
		return this.memory.limiters(name, limits, options).stream().map(this::asyncOnly).toList();
	}

	private RateLimiter asyncOnly(RateLimiter memoryLimiter) {
		return new RateLimiter() {

			@Override
			public String name() {
				return memoryLimiter.name();
			}

			@Override
			public Limit limit() {
				return memoryLimiter.limit();
			}

			@Override
			public Decision tryAcquire(String key, long permits) {
				throw new AssertionError("tryAcquire waits for the backend; call tryAcquireAsync");
			}

			@Override
			public CompletionStage<Decision> tryAcquireAsync(String key, long permits) {
				AsyncOnlyBackend.this.asked.incrementAndGet();
				return AsyncOnlyBackend.this.gate.thenApplyAsync((open) -> memoryLimiter.tryAcquire(key, permits),
						AsyncOnlyBackend.this.decider);
			}

			@Override
			public Decision tryAcquire(String key, long permits, Duration timeout) {
				throw new AssertionError("acquire waits for the backend; call acquireAsync");
			}

			@Override
			public CompletionStage<Decision> tryAcquireAsync(String key, long permits, Duration maxWait) {
				throw new AssertionError("not used by the reactive side");
			}

			@Override
			public Decision peek(String key) {
				return memoryLimiter.peek(key);
			}

			@Override
			public void reset(String key) {
				throw new AssertionError("reset waits for the backend; call resetAsync");
			}

			@Override
			public CompletionStage<Void> resetAsync(String key) {
				return later(() -> memoryLimiter.reset(key));
			}

			@Override
			public void addPermits(String key, long permits) {
				throw new AssertionError("addPermits waits for the backend; call addPermitsAsync");
			}

			@Override
			public CompletionStage<Void> addPermitsAsync(String key, long permits) {
				return later(() -> memoryLimiter.addPermits(key, permits));
			}

			@Override
			public void refund(String key, Decision grant) {
				throw new AssertionError("refund waits for the backend; call refundAsync");
			}

			@Override
			public CompletionStage<Void> refundAsync(String key, Decision grant) {
				return later(() -> memoryLimiter.refund(key, grant));
			}

			@Override
			public void penalize(String key, long permits) {
				throw new AssertionError("penalize waits for the backend; call penalizeAsync");
			}

			@Override
			public CompletionStage<Void> penalizeAsync(String key, long permits) {
				return later(() -> memoryLimiter.penalize(key, permits));
			}

			private CompletionStage<Void> later(Runnable operation) {
				return AsyncOnlyBackend.this.gate.thenAcceptAsync((open) -> operation.run(),
						AsyncOnlyBackend.this.decider);
			}

		};
	}

	@Override
	public void close() {
		this.decider.shutdownNow();
		this.memory.close();
	}

}
