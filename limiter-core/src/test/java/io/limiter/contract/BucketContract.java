package io.limiter.contract;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the token bucket and GCRA promise alike, exact to the millisecond: 10 per 100 s is one permit every 10 s,
 * and permits can be reserved ahead.
 */
public abstract class BucketContract extends AlgorithmContract {

	/**
	 * Creates the contract of an algorithm that decides as a token bucket.
	 * @param algorithm the algorithm under test
	 */
	protected BucketContract(Algorithm algorithm) {
		super(algorithm, 10_000, 100_000, 10_000);
	}

	@Test
	void burstUpToCapacityThenDenyUntilOnePermitRefills() {
		RateLimiter limiter = tenPerHundredSeconds();
		for (int taken = 1; taken <= 10; taken++) {
			assertAllowed(limiter.tryAcquire("k", 1), 10 - taken, taken * 10_000L);
		}
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_000, 100_000);
		this.clock.advance(9_999);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 90_001);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 100_000);
	}

	/**
	 * A grant's permits are the last ticks of the debt it left, which refill pays back first-in first-out: a refund
	 * gives back only the part refill has not paid back yet.
	 */
	@Test
	void aRefundGivesBackThePartOfTheGrantRefillHasNotPaidBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		Decision first = limiter.tryAcquire("k", 1);
		Decision rest = limiter.tryAcquire("k", 9);
		this.clock.advance(5_000);
		limiter.refund("k", first);
		assertAllowed(limiter.tryAcquire("k", 0), 1, 90_000);
		limiter.refund("k", rest);
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
		this.clock.advance(95_000);
		Decision late = limiter.tryAcquire("k", 10);
		this.clock.advance(100_000);
		limiter.tryAcquire("k", 10);
		limiter.refund("k", late);
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_000, 100_000);
	}

	@Test
	void aBurstIsNotCutShortByAClockStepBack() {
		RateLimiter limiter = limiter(algorithm(), 3, Duration.ofSeconds(30));
		this.clock.advance(10_000);
		assertAllowed(limiter.tryAcquire("k", 1), 2, 10_000);
		this.clock.advance(-10_000);
		assertAllowed(limiter.tryAcquire("k", 1), 1, 20_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 30_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 10_000, 30_000);
	}

	@Test
	void refillsFractionalRatesExactly() {
		RateLimiter limiter = limiter(algorithm(), 3, Duration.ofSeconds(100));
		assertAllowed(limiter.tryAcquire("k", 3), 0, 100_000);
		this.clock.advance(33_333);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 66_667);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 100_000);
		this.clock.advance(100_000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 100_000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 33_334, 100_000);
	}

	@Test
	void aDebtOfLessThanOneMillisecondStillCounts() {
		RateLimiter limiter = limiter(algorithm(), 3, Duration.ofSeconds(100));
		assertAllowed(limiter.tryAcquire("k", 1), 2, 33_334);
		this.clock.advance(33_333);
		assertAllowed(limiter.tryAcquire("k", 0), 2, 1);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 0), 3, 0);
	}

	@Test
	void slowRatesKeepEveryTickAcrossManySmallSteps() {
		RateLimiter limiter = limiter(algorithm(), 1, Duration.ofMinutes(100));
		assertAllowed(limiter.tryAcquire("k", 1), 0, 6_000_000);
		for (int step = 1; step < 60; step++) {
			this.clock.advance(100_000);
			assertDenied(limiter.tryAcquire("k", 1), 0, 6_000_000 - step * 100_000L, 6_000_000 - step * 100_000L);
		}
		this.clock.advance(100_000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 6_000_000);
	}

	@Test
	void severalPermitsAreTakenAllOrNothing() {
		RateLimiter limiter = tenPerHundredSeconds();
		assertAllowed(limiter.tryAcquire("k", 7), 3, 70_000);
		assertDenied(limiter.tryAcquire("k", 5), 3, 20_000, 70_000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 100_000);
	}

	@Test
	void zeroPermitsLooksWithoutTaking() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 4);
		assertAllowed(limiter.tryAcquire("k", 0), 6, 40_000);
		assertAllowed(limiter.tryAcquire("k", 6), 0, 100_000);
	}

	@Test
	void largeCapacitiesStayExact() {
		RateLimiter limiter = limiter(algorithm(), 1_000_000, Duration.ofDays(7));
		assertAllowed(limiter.tryAcquire("k", 999_999), 1, 604_799_396);
		this.clock.advance(604_799_395);
		assertAllowed(limiter.tryAcquire("k", 999_999), 0, 604_799_396);
	}

	@Test
	void acquireReservesPermitsAheadAndLaterCallersQueueBehind() throws Exception {
		RateLimiter limiter = limiter(algorithm(), 10, Duration.ofSeconds(1));
		limiter.tryAcquire("k", 10);
		Decision reserved = limiter.tryAcquireAsync("k", 2, Duration.ofMillis(250))
			.toCompletableFuture()
			.get(5, TimeUnit.SECONDS);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.delayMillis()).isEqualTo(200);
		assertDenied(limiter.tryAcquire("k", 0), 0, 200, 1200);
		assertDenied(limiter.tryAcquire("k", 1), 0, 300, 1200);
	}

	/**
	 * A thread interrupted while it waits for reserved permits gives them back where they were taken: the next
	 * caller's reservation is due one permit sooner. The interrupt comes once the reservation is seen, which may be
	 * before the waiter has the answer (then the grant goes back when it arrives) or while it sleeps (then before
	 * {@code acquire} throws).
	 */
	@Test
	void anInterruptedWaitForReservedPermitsGivesThemBack() throws Exception {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		CompletableFuture<Decision> acquired = new CompletableFuture<>();
		Thread waiter = new Thread(() -> {
			try {
				acquired.complete(limiter.tryAcquire("k", 1, Duration.ofSeconds(30)));
			}
			catch (Throwable ex) {
				acquired.completeExceptionally(ex);
			}
		}, "waiter");
		waiter.start();
		awaitResetAfter(limiter, 110_000);
		waiter.interrupt();
		assertThat(acquired).failsWithin(Duration.ofSeconds(10))
			.withThrowableThat()
			.havingCause()
			.isInstanceOf(InterruptedException.class);
		awaitResetAfter(limiter, 100_000);
		assertNextReservationIsDueIn(limiter, 10_000);
	}

	/**
	 * Cancelling the future of {@code acquireAsync} while it waits for reserved permits stops the wait and gives them
	 * back where they were taken.
	 */
	@Test
	void aCancelledWaitForReservedPermitsGivesThemBack() throws Exception {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		CompletableFuture<Decision> waiting = limiter.tryAcquireAsync("k", 1, Duration.ofSeconds(30))
			.toCompletableFuture();
		awaitResetAfter(limiter, 110_000);
		assertThat(waiting.cancel(true)).isTrue();
		awaitResetAfter(limiter, 100_000);
		assertNextReservationIsDueIn(limiter, 10_000);
	}

	/** Permits whose wait has ended are the caller's: a cancel that comes later gives nothing back. */
	@Test
	void aCancelAfterTheReservedPermitsAreDueGivesNothingBack() throws Exception {
		RateLimiter limiter = limiter(algorithm(), 10, Duration.ofSeconds(1));
		limiter.tryAcquire("k", 10);
		CompletableFuture<Decision> waited = limiter.tryAcquireAsync("k", 1, Duration.ofSeconds(1)).toCompletableFuture();
		assertThat(waited.get(5, TimeUnit.SECONDS).delayMillis()).isEqualTo(100);
		assertThat(waited.cancel(true)).isFalse();
		assertDenied(limiter.tryAcquire("k", 1), 0, 200, 1100);
	}

	@Test
	void acquireWaitsForTheReservedPermits() throws Exception {
		RateLimiter limiter = limiter(algorithm(), 10, Duration.ofSeconds(1));
		limiter.tryAcquire("k", 10);
		long started = System.nanoTime();
		Decision decision = limiter.tryAcquire("k", 1, Duration.ofSeconds(1));
		assertThat(decision.isAllowed()).isTrue();
		assertThat(decision.delayMillis()).isEqualTo(100);
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isGreaterThanOrEqualTo(100);
	}

	/** Asserts that the next caller of the key reserves one permit due after a delay: one given back is the first. */
	private static void assertNextReservationIsDueIn(RateLimiter limiter, long delayMillis) {
		Decision next = decide(limiter, "k", 1, 30_000);
		assertThat(next.isAllowed()).as("%s", next).isTrue();
		assertThat(next.delayMillis()).as("%s", next).isEqualTo(delayMillis);
	}

	/**
	 * Waits until a look at the key reports a reset-after: the manual clock stands still, so it changes only when
	 * permits are reserved or given back.
	 */
	private static void awaitResetAfter(RateLimiter limiter, long resetAfterMillis) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (limiter.peek("k").resetAfterMillis() != resetAfterMillis) {
			assertThat(System.nanoTime()).as("reset-after %d within 10 s, last %s", resetAfterMillis,
					limiter.peek("k")).isLessThan(deadline);
			Thread.sleep(5);
		}
	}

}
