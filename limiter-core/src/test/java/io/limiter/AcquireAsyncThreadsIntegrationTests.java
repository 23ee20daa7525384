package io.limiter;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code acquireAsync} waits on its backend's own named threads, never on the JDK's shared delay thread or common
 * pool, so that a caller's continuation runs on a thread of the limiter; closing the backend stops those threads
 * and fails a wait still pending.
 */
class AcquireAsyncThreadsIntegrationTests {

	private static final String JDK_DELAY_THREAD = "CompletableFutureDelayScheduler";

	@Test
	void inMemoryWaitsForAReservationOnTheBackendsThread() throws Exception {
		assertWaitsOnItsOwnThreads(() -> InMemoryBackend.builder().build(), Algorithm.TOKEN_BUCKET, "limiter-memory-");
	}

	@Test
	void inMemoryWaitsBeforeTryingAgainOnTheBackendsThread() throws Exception {
		assertWaitsOnItsOwnThreads(() -> InMemoryBackend.builder().build(), Algorithm.FIXED_WINDOW, "limiter-memory-");
	}

	@Test
	void redisWaitsForAReservationOnTheBackendsThread() throws Exception {
		assertWaitsOnItsOwnThreads(AcquireAsyncThreadsIntegrationTests::connectedRedisBackend, Algorithm.TOKEN_BUCKET,
				"limiter-redis-");
	}

	@Test
	void closingTheBackendFailsAPendingWait() throws Exception {
		InMemoryBackend backend = InMemoryBackend.builder().build();
		RateLimiter limiter = backend.limiter("closing", Limit.of(Algorithm.FIXED_WINDOW, 1, Duration.ofMinutes(1)));
		limiter.tryAcquire("k");
		CompletableFuture<Decision> pending = limiter.tryAcquireAsync("k", 1, Duration.ofMinutes(2)).toCompletableFuture();
		assertThat(pending).isNotDone();
		backend.close();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> pending.get(1, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(IllegalStateException.class)
			.withMessageContaining("closed");
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> limiter.tryAcquireAsync("k", 1, Duration.ofMinutes(2)).toCompletableFuture().get(1,
					TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(IllegalStateException.class);
	}

	private static RedisBackend connectedRedisBackend() {
		RedisBackend backend = RedisBackend.builder().standalone(RedisFixtures.standalone().uri()).build();
		try {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return backend;
	}

	private static void assertWaitsOnItsOwnThreads(Supplier<LimiterBackend> backends, Algorithm algorithm,
			String threadPrefix) throws Exception {
		Thread waiter;
		try (LimiterBackend backend = backends.get()) {
			RateLimiter limiter = backend.limiter("waits-" + System.nanoTime(),
					Limit.of(algorithm, 1, Duration.ofSeconds(2)));
			// a period far longer than a busy machine's pause between these calls: acquireAsync has to wait
			assertThat(limiter.tryAcquire("k", 1).isDegraded()).isFalse();
			CompletableFuture<Thread> continuation = limiter.tryAcquireAsync("k", 1, Duration.ofSeconds(5))
				.toCompletableFuture()
				.thenApply((decision) -> {
					assertThat(decision.isAllowed()).isTrue();
					assertThat(decision.isDegraded()).isFalse();
					return Thread.currentThread();
				});
			waiter = continuation.get(10, TimeUnit.SECONDS);
			assertThat(waiter.getName()).startsWith(threadPrefix);
			assertThat(waiter.isDaemon()).isTrue();
		}
		waiter.join(TimeUnit.SECONDS.toMillis(5));
		assertThat(waiter.isAlive()).as("the backend's thread stops with the backend").isFalse();
		assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).doesNotContain(JDK_DELAY_THREAD);
	}

}
