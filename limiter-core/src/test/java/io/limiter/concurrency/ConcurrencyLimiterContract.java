package io.limiter.concurrency;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.BackendUpdates;
import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterObserver;
import io.limiter.LimiterOptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What a concurrency limiter promises on every backend: at most the limit's permits of a key in flight, a permit held
 * until it is closed, closing idempotent and a denial's close nothing, a look that changes nothing, one setting per
 * name, and an observer that hears every decision and release.
 */
abstract class ConcurrencyLimiterContract {

	private static final ConcurrencyLimit THREE = ConcurrencyLimit.of(3, Duration.ofSeconds(10));

	/**
	 * Returns a new backend, which the test closes.
	 * @param observer the backend's observer
	 * @return the backend
	 */
	protected abstract LimiterBackend backend(LimiterObserver observer);

	/** {@return a limit name no other test, nor an earlier run on a shared Redis, uses} */
	protected static String uniqueName() {
		return "cc-" + UUID.randomUUID().toString().substring(0, 13);
	}

	@Test
	void grantsUpToTheLimitPerKeyAndDeniesTheNext() {
		try (LimiterBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), THREE);
			List<ConcurrencyPermit> held = new ArrayList<>();
			for (int i = 1; i <= 3; i++) {
				ConcurrencyPermit permit = exports.tryAcquire("tenant");
				assertThat(permit.isAllowed()).isTrue();
				assertThat(permit.inFlight()).isEqualTo(i);
				assertThat(permit.limit()).isEqualTo(3);
				assertThat(permit.isDegraded()).isFalse();
				held.add(permit);
			}
			ConcurrencyPermit denied = exports.tryAcquire("tenant");
			assertThat(denied.isAllowed()).isFalse();
			assertThat(denied.inFlight()).isEqualTo(3);
			assertThat(exports.tryAcquire("other tenant").isAllowed()).as("keys are apart").isTrue();
			held.get(0).close();
			assertThat(exports.tryAcquire("tenant").isAllowed()).as("a closed permit returns").isTrue();
			assertThat(exports.tryAcquire("tenant").isAllowed()).isFalse();
		}
	}

	@Test
	void closingIsIdempotentAndClosingADenialReturnsNothing() {
		try (LimiterBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(2));
			ConcurrencyPermit first = exports.tryAcquire("tenant");
			try (ConcurrencyPermit second = exports.tryAcquire("tenant")) {
				assertThat(second.isAllowed()).isTrue();
				ConcurrencyPermit denied = exports.tryAcquire("tenant");
				denied.close();
				denied.close();
				assertThat(exports.inFlight("tenant")).isEqualTo(2);
			}
			assertThat(exports.inFlight("tenant")).isEqualTo(1);
			first.close();
			first.close();
			first.releaseAsync().toCompletableFuture().join();
			assertThat(exports.inFlight("tenant")).isZero();
			assertThat(exports.tryAcquire("tenant").isAllowed()).isTrue();
			assertThat(exports.tryAcquire("tenant").isAllowed()).as("the second close gave nothing back twice").isTrue();
			assertThat(exports.tryAcquire("tenant").isAllowed()).isFalse();
		}
	}

	@Test
	void takesAndReleasesAsynchronously() throws Exception {
		try (LimiterBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(1));
			ConcurrencyPermit permit = exports.tryAcquireAsync("tenant").toCompletableFuture().get(5, TimeUnit.SECONDS);
			assertThat(permit.isAllowed()).isTrue();
			ConcurrencyPermit denied = exports.tryAcquireAsync("tenant").toCompletableFuture().get(5, TimeUnit.SECONDS);
			assertThat(denied.isAllowed()).isFalse();
			assertThat(denied.releaseAsync().toCompletableFuture().isDone()).isTrue();
			permit.releaseAsync().toCompletableFuture().get(5, TimeUnit.SECONDS);
			permit.releaseAsync().toCompletableFuture().get(5, TimeUnit.SECONDS);
			assertThat(exports.inFlight("tenant")).isZero();
			assertThat(exports.tryAcquireAsync("tenant").toCompletableFuture().get(5, TimeUnit.SECONDS).isAllowed())
				.isTrue();
		}
	}

	@Test
	void aLookTakesNothing() {
		try (LimiterBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(1));
			assertThat(exports.inFlight("tenant")).isZero();
			assertThat(exports.inFlight("tenant")).isZero();
			ConcurrencyPermit permit = exports.tryAcquire("tenant");
			assertThat(exports.inFlight("tenant")).isEqualTo(1);
			assertThat(exports.inFlight("tenant")).isEqualTo(1);
			assertThat(exports.inFlight("{odd key}\n" + "x".repeat(300))).isZero();
			permit.close();
			assertThat(exports.inFlight("tenant")).isZero();
		}
	}

	@Test
	void aNameHasOneSettingSharedWithRateLimits() {
		try (LimiterBackend backend = backend(LimiterObserver.NONE)) {
			String name = uniqueName();
			ConcurrencyLimiter exports = backend.concurrencyLimiter(name, ConcurrencyLimit.of(1));
			ConcurrencyLimiter again = backend.concurrencyLimiter(name, ConcurrencyLimit.of(1), LimiterOptions.defaults());
			assertThat(again).isSameAs(exports);
			ConcurrencyPermit permit = exports.tryAcquire("tenant");
			assertThat(again.tryAcquire("tenant").isAllowed()).as("one name, one count").isFalse();
			permit.close();
			assertThatIllegalArgumentException().isThrownBy(() -> backend.concurrencyLimiter(name, ConcurrencyLimit.of(2)))
				.withMessageContaining("limit '" + name + "' is at most 1 in flight (lease PT30S) on this backend")
				.withMessageContaining("cannot also be at most 2 in flight (lease PT30S)");
			Limit rate = Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(1));
			assertThatIllegalArgumentException().isThrownBy(() -> backend.limiter(name, rate))
				.withMessageContaining("limit '" + name + "' is at most 1 in flight");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> BackendUpdates.update(backend, name, List.of(rate), LimiterOptions.defaults()))
				.withMessageContaining("a name is a rate limit or a concurrency limit");
			String rateName = uniqueName();
			backend.limiter(rateName, rate);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> backend.concurrencyLimiter(rateName, ConcurrencyLimit.of(1)))
				.withMessageContaining("cannot also be at most 1 in flight");
			assertThatIllegalArgumentException().isThrownBy(() -> backend.concurrencyLimiter("a b", ConcurrencyLimit.of(1)))
				.withMessageContaining("a b");
		}
	}

	@Test
	void theObserverHearsEveryDecisionAndRelease() {
		List<String> heard = new CopyOnWriteArrayList<>();
		LimiterObserver observer = new LimiterObserver() {

			@Override
			public void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit,
					long nanos) {
				heard.add(limitName + " " + permit);
			}

			@Override
			public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
				heard.add(limitName + " released, returned " + returned);
			}

		};
		try (LimiterBackend backend = backend(observer)) {
			String name = uniqueName();
			ConcurrencyLimiter exports = backend.concurrencyLimiter(name, ConcurrencyLimit.of(1));
			try (ConcurrencyPermit permit = exports.tryAcquire("tenant")) {
				exports.tryAcquire("tenant").close();
				assertThat(exports.inFlight("tenant")).isEqualTo(permit.inFlight());
			}
			assertThat(exports.inFlight("tenant")).as("a look carries the release queued before it").isZero();
			assertThat(heard).as("heard once the backend answered the release").containsExactly(name + " allowed, 1 of 1 in flight", name + " denied, 1 of 1 in flight",
					name + " released, returned true");
		}
	}

	@Test
	void manyThreadsNeverHoldMoreThanTheLimit() throws Exception {
		int limit = 4;
		AtomicInteger running = new AtomicInteger();
		AtomicInteger mostRunning = new AtomicInteger();
		AtomicLong grants = new AtomicLong();
		ExecutorService threads = Executors.newFixedThreadPool(16);
		try (LimiterBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(limit));
			long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
			List<Future<?>> workers = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				workers.add(threads.submit(() -> {
					while (System.nanoTime() < end) {
						try (ConcurrencyPermit permit = exports.tryAcquire("tenant")) {
							if (permit.isAllowed()) {
								grants.incrementAndGet();
								mostRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
								Thread.sleep(ThreadLocalRandom.current().nextInt(3));
								running.decrementAndGet();
							}
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(30, TimeUnit.SECONDS);
			}
			assertThat(mostRunning.get()).isLessThanOrEqualTo(limit);
			assertThat(grants.get()).isGreaterThan(limit);
			assertThat(exports.inFlight("tenant")).isZero();
		}
		finally {
			threads.shutdownNow();
		}
	}

}
