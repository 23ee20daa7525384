package io.limiter.spring.internal.actuate;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The counts of the last window move with the clock, slot by slot, and lose nothing under concurrent decisions.
 */
class RecentDecisionsTests {

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	private final AtomicLong now = new AtomicLong(5_000);

	private final RecentDecisions recent = new RecentDecisions(Duration.ofSeconds(10), this.now::get);

	@Test
	void countsDecisionsAndDegradedOnesByReasonOverTheWindow() {
		decide(3);
		degraded(DegradedReason.ERROR, 2);
		this.now.addAndGet(4_000);
		degraded(DegradedReason.CIRCUIT_OPEN, 1);
		RecentDecisions.Counts counts = this.recent.counts();
		assertThat(counts.decisions()).isEqualTo(6);
		assertThat(counts.degradedDecisions()).isEqualTo(3);
		assertThat(counts.degradedShare()).isEqualTo(0.5);
		assertThat(counts.degraded()).isEqualTo(Map.of(DegradedReason.ERROR, 2L, DegradedReason.CIRCUIT_OPEN, 1L));
		assertThat(counts.window()).isEqualTo(Duration.ofSeconds(10));
	}

	@Test
	void slotsOlderThanTheWindowAreForgotten() {
		degraded(DegradedReason.TIMEOUT, 4);
		this.now.addAndGet(9_000);
		decide(1);
		assertThat(this.recent.counts().degradedDecisions()).isEqualTo(4);
		this.now.addAndGet(1_000);
		assertThat(this.recent.counts().degraded()).isEmpty();
		assertThat(this.recent.counts().decisions()).isEqualTo(1);
		this.now.addAndGet(Duration.ofHours(1).toMillis());
		assertThat(this.recent.counts().decisions()).isZero();
		assertThat(this.recent.counts().degradedShare()).isZero();
	}

	@Test
	void aSlotReusedAfterAFullTurnStartsFromZero() {
		decide(7);
		this.now.addAndGet(10_000);
		decide(1);
		assertThat(this.recent.counts().decisions()).isEqualTo(1);
	}

	@Test
	void concurrentDecisionsAreAllCounted() throws Exception {
		int threads = 4;
		int each = 50_000;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		CountDownLatch start = new CountDownLatch(1);
		try {
			for (int t = 0; t < threads; t++) {
				pool.execute(() -> {
					awaitQuietly(start);
					for (int i = 0; i < each; i++) {
						if (i % 100 == 0) {
							this.now.incrementAndGet();
						}
						degraded(DegradedReason.CONNECTION, 1);
					}
				});
			}
			start.countDown();
			pool.shutdown();
			assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
		}
		finally {
			pool.shutdownNow();
		}
		RecentDecisions.Counts counts = this.recent.counts();
		assertThat(counts.decisions()).isEqualTo((long) threads * each);
		assertThat(counts.degradedDecisions()).isEqualTo((long) threads * each);
	}

	@Test
	void aWindowUnderOneSecondIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new RecentDecisions(Duration.ofMillis(999), this.now::get))
			.withMessage("the window must be at least 1s");
	}

	@Test
	void theThresholdNeedsBothTheShareAndTheNumber() {
		DegradedThreshold threshold = new DegradedThreshold(0.25, 3);
		degraded(DegradedReason.ERROR, 2);
		assertThat(threshold.isReachedBy(this.recent.counts())).as("2 of 2, fewer than 3").isFalse();
		degraded(DegradedReason.ERROR, 1);
		assertThat(threshold.isReachedBy(this.recent.counts())).as("3 of 3").isTrue();
		decide(9);
		assertThat(threshold.isReachedBy(this.recent.counts())).as("3 of 12").isTrue();
		decide(1);
		assertThat(threshold.isReachedBy(this.recent.counts())).as("3 of 13").isFalse();
	}

	private void decide(int times) {
		for (int i = 0; i < times; i++) {
			this.recent.onDecision("api", LIMIT, Decision.allowed(10, 9, 0), 0);
		}
	}

	/** As the backend tells of a degraded decision: the failure first, then the decision. */
	private void degraded(DegradedReason reason, int times) {
		for (int i = 0; i < times; i++) {
			this.recent.onBackendFailure("api", FailurePolicy.LOCAL_FALLBACK, reason, new IllegalStateException());
			this.recent.onDecision("api", LIMIT, Decision.of(true, 10, 9, 0, 0, 0, true, false, 0, null), 0);
		}
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
