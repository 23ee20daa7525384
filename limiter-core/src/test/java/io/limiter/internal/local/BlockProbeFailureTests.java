package io.limiter.internal.local;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;
import io.limiter.contract.ManualClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.failure.SlowAnswerException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * What the requests that wait for the probe of a key at its limit are told when the probe fails, with a source in
 * place of Redis whose one slow answer the test releases: the probe's failure, without a call of their own, so that
 * their failure policy decides at once rather than after a timeout of their own; and, while the probe hangs, what
 * every request at the key's limit is told at the backend's deadline.
 */
class BlockProbeFailureTests {

	private final ManualClock clock = new ManualClock();

	private final SlowFailingSource redis = new SlowFailingSource();

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private final BlockingDecisionSource source = new BlockingDecisionSource("probed", this.redis, this.clock,
			Duration.ofSeconds(5), Duration.ofSeconds(5), this.timer, 100);

	@AfterEach
	void stopTimer() {
		this.redis.release.countDown();
		this.timer.shutdownNow();
	}

	@Test
	void aRequestThatWaitedForAFailedProbeFailsAsTheProbeDid() throws Exception {
		assertThat(this.source.decide("k", 1, 0).isAllowed()).isFalse();
		this.clock.advance(1_000);
		AtomicReference<Throwable> probeFailure = new AtomicReference<>();
		Thread probe = new Thread(() -> probeFailure.set(catchThrowable(() -> this.source.decide("k", 1, 0))));
		probe.start();
		assertThat(this.redis.inCall.await(5, TimeUnit.SECONDS)).isTrue();
		AtomicReference<Throwable> waiterFailure = new AtomicReference<>();
		Thread waiter = new Thread(() -> waiterFailure.set(catchThrowable(() -> this.source.decide("k", 1, 0))));
		waiter.start();
		awaitWaiting(waiter);
		this.redis.release.countDown();
		probe.join(5_000);
		waiter.join(5_000);
		assertThat(probeFailure.get()).isSameAs(SlowFailingSource.FAILURE);
		assertThat(waiterFailure.get()).isInstanceOf(LimiterBackendException.class)
			.extracting((failure) -> ((LimiterBackendException) failure).reason())
			.isEqualTo(DegradedReason.TIMEOUT);
		assertThat(this.redis.calls.get()).as("the refusal and the probe; the waiter did not call").isEqualTo(2);
	}

	@Test
	void anAsynchronousRequestThatWaitedForAFailedProbeFailsAsTheProbeDid() throws Exception {
		assertThat(this.source.decide("k", 1, 0).isAllowed()).isFalse();
		this.clock.advance(1_000);
		CompletableFuture<Decision> probe = this.source.decideAsync("k", 1, 0).toCompletableFuture();
		assertThat(this.redis.inCall.await(5, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<Decision> waiter = this.source.decideAsync("k", 1, 0).toCompletableFuture();
		this.redis.release.countDown();
		assertThat(catchThrowable(() -> probe.get(5, TimeUnit.SECONDS))).hasRootCause(SlowFailingSource.FAILURE);
		assertThat(catchThrowable(() -> waiter.get(5, TimeUnit.SECONDS))).hasRootCause(SlowFailingSource.FAILURE);
		assertThat(this.redis.calls.get()).as("the refusal and the probe; the waiter did not call").isEqualTo(2);
	}

	@Test
	void requestsAtTheKeysLimitAreDecidedWithinTheDeadlineWhileTheProbeHangs() {
		BlockingDecisionSource bounded = new BlockingDecisionSource("probed", this.redis, this.clock,
				Duration.ofSeconds(5), Duration.ofMillis(200), this.timer, 100);
		assertThat(bounded.decide("k", 1, 0).isAllowed()).isFalse();
		this.clock.advance(1_000);
		CompletableFuture<Decision> probe = bounded.decideAsync("k", 1, 0).toCompletableFuture();
		CompletableFuture<Decision> waiter = bounded.decideAsync("k", 1, 0).toCompletableFuture();
		assertThat(catchThrowable(() -> bounded.decide("k", 1, 0))).isInstanceOf(SlowAnswerException.class)
			.hasMessage("limit 'probed': a request at its key's limit was not decided within 200 ms, waiting for the "
					+ "answer to the key's probe included");
		assertThat(catchThrowable(() -> waiter.get(5, TimeUnit.SECONDS))).hasCauseInstanceOf(SlowAnswerException.class);
		assertThat(catchThrowable(() -> probe.get(5, TimeUnit.SECONDS))).hasCauseInstanceOf(SlowAnswerException.class);
		assertThat(this.redis.calls.get()).as("the refusal and the probe; the waiters did not call").isEqualTo(2);
	}

	private static void awaitWaiting(Thread thread) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (thread.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
			Thread.sleep(1);
		}
		assertThat(thread.getState()).isEqualTo(Thread.State.TIMED_WAITING);
	}

	/**
	 * Refuses its first call one permit short for a second, as Redis would at a key's limit; every later call waits
	 * until the test releases it and then fails as a timed-out call to Redis.
	 */
	private static final class SlowFailingSource implements DecisionSource {

		static final LimiterBackendException FAILURE = new LimiterBackendException("Redis did not decide in time", null,
				DegradedReason.TIMEOUT);

		final AtomicInteger calls = new AtomicInteger();

		final CountDownLatch inCall = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		@Override
		public Decision decide(String key, long permits, long maxWaitMillis) {
			if (this.calls.incrementAndGet() == 1) {
				return Decision.denied(1, 0, 1_000, 1_000);
			}
			this.inCall.countDown();
			try {
				this.release.await(5, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			throw FAILURE;
		}

		@Override
		public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
			return CompletableFuture.supplyAsync(() -> decide(key, permits, maxWaitMillis));
		}

		@Override
		public Decision peek(String key) {
			throw new UnsupportedOperationException();
		}

		@Override
		public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
			throw new UnsupportedOperationException();
		}

		@Override
		public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation,
				long permits) {
			throw new UnsupportedOperationException();
		}

		@Override
		public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
			throw new UnsupportedOperationException();
		}

		@Override
		public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
			throw new UnsupportedOperationException();
		}

	}

}
