package io.limiter;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.limiter.internal.DefaultRateLimiter;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A wait for reserved permits that its caller abandons, on a real Redis through each local tier: a cancelled
 * {@code acquireAsync} (while it waits, or before its grant has even arrived) and an interrupted {@code acquire}
 * (while it waits, or while Redis decides) give the permits back to Redis, so the next caller's reservation is due one permit sooner. The limit gives a permit
 * every 50 s, so no permit comes due during a test, and the next caller's wait of at most 80 s fits only if the
 * abandoned permit came back.
 */
class AbandonedWaitIntegrationTests {

	private static final AtomicInteger names = new AtomicInteger();

	private static final Duration MAX_WAIT = Duration.ofSeconds(80);

	static Stream<Arguments> tiersAndAlgorithms() {
		return Stream.of(LocalTier.none(), LocalTier.block(), LocalTier.twoTier())
			.flatMap((tier) -> Stream.of(Algorithm.TOKEN_BUCKET, Algorithm.GCRA)
				.map((algorithm) -> Arguments.of(tier.mode(), tier, algorithm)));
	}

	@ParameterizedTest(name = "{0} {2}")
	@MethodSource("tiersAndAlgorithms")
	void aWaitCancelledWhileItWaitsGivesItsPermitBack(LocalTier.Mode mode, LocalTier tier, Algorithm algorithm)
			throws Exception {
		assertAbandonedWaitGivesItsPermitBack(tier, algorithm, (limiter, reservation) -> {
			CompletableFuture<Decision> waiting = limiter.tryAcquireAsync("k", 1, MAX_WAIT).toCompletableFuture();
			assertThat(reservation.get(10, TimeUnit.SECONDS).delayMillis()).isPositive();
			assertThat(waiting.cancel(true)).isTrue();
		});
	}

	@ParameterizedTest(name = "{0} {2}")
	@MethodSource("tiersAndAlgorithms")
	void aGrantThatArrivesAfterItsCallWasCancelledIsGivenBack(LocalTier.Mode mode, LocalTier tier,
			Algorithm algorithm) throws Exception {
		assertAbandonedWaitGivesItsPermitBack(tier, algorithm, (limiter, reservation) -> {
			limiter.tryAcquireAsync("k", 1, MAX_WAIT).toCompletableFuture().cancel(true);
			assertThat(reservation.get(10, TimeUnit.SECONDS).delayMillis()).isPositive();
		});
	}

	@ParameterizedTest(name = "{0} {2}")
	@MethodSource("tiersAndAlgorithms")
	void aThreadInterruptedWhileItWaitsGivesItsPermitBack(LocalTier.Mode mode, LocalTier tier, Algorithm algorithm)
			throws Exception {
		assertAbandonedWaitGivesItsPermitBack(tier, algorithm, (limiter, reservation) -> {
			Waiter waiter = Waiter.start(limiter);
			assertThat(reservation.get(10, TimeUnit.SECONDS).delayMillis()).isPositive();
			waiter.interruptAndAssertItFails();
		});
	}

	/**
	 * A thread interrupted while Redis has yet to answer leaves at once, and the reservation that Redis makes for it
	 * afterwards is given back when its answer arrives: Redis is paused for 1 s (a tenth of the backend's timeout)
	 * while the waiter's script waits in the queue, and the waiter is interrupted once it waits for the answer.
	 */
	@ParameterizedTest
	@EnumSource(names = { "TOKEN_BUCKET", "GCRA" })
	void aThreadInterruptedWhileRedisDecidesGivesTheGrantBackWhenItArrives(Algorithm algorithm) throws Exception {
		Observed observed = new Observed();
		RedisClient admin = RedisClient.create(RedisFixtures.standalone().uri());
		try (RedisBackend backend = backend(observed, Duration.ofSeconds(10));
				StatefulRedisConnection<String, String> connection = admin.connect()) {
			RateLimiter limiter = spentLimiter(backend, LocalTier.none(), algorithm);
			connection.sync().clientPause(1000);
			Waiter waiter = Waiter.start(limiter);
			while (waiter.thread().getState() != Thread.State.WAITING
					&& waiter.thread().getState() != Thread.State.TIMED_WAITING) {
				Thread.sleep(1);
			}
			waiter.interruptAndAssertItFails();
			assertThat(observed.reservation.get(10, TimeUnit.SECONDS).delayMillis()).isPositive();
			assertThat(observed.refund.get(10, TimeUnit.SECONDS)).isEqualTo(AdminOperation.Outcome.APPLIED);
			assertNextReservationWithinOnePermit(limiter);
		}
		finally {
			admin.shutdown();
		}
	}

	/**
	 * Spends a key's permits, lets {@code abandon} reserve the next one and abandon its wait, and checks that the
	 * permit was refunded and that the next caller gets it.
	 */
	private static void assertAbandonedWaitGivesItsPermitBack(LocalTier tier, Algorithm algorithm, Abandon abandon)
			throws Exception {
		Observed observed = new Observed();
		try (RedisBackend backend = backend(observed, RedisBackend.DEFAULT_TIMEOUT)) {
			RateLimiter limiter = spentLimiter(backend, tier, algorithm);
			abandon.abandon(limiter, observed.reservation);
			assertThat(observed.refund.get(10, TimeUnit.SECONDS)).isEqualTo(AdminOperation.Outcome.APPLIED);
			assertNextReservationWithinOnePermit(limiter);
		}
	}

	private static RedisBackend backend(Observed observed, Duration timeout) throws InterruptedException {
		RedisBackend backend = RedisBackend.builder()
			.standalone(RedisFixtures.standalone().uri())
			.timeout(timeout)
			.minimumTimeout(timeout)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.observer(observed)
			.build();
		assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
		return backend;
	}

	/** {@return a limiter of 2 permits per 100 s whose key "k" has none left} */
	private static RateLimiter spentLimiter(RedisBackend backend, LocalTier tier, Algorithm algorithm) {
		RateLimiter limiter = backend.limiter("abandoned-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet(),
				Limit.of(algorithm, 2, Duration.ofSeconds(100)), LimiterOptions.builder().localTier(tier).build());
		int granted = 0;
		while (limiter.tryAcquire("k").isAllowed()) {
			granted++;
		}
		assertThat(granted).isEqualTo(2);
		return limiter;
	}

	/**
	 * Asserts that the key's next permit is at most one permit's time away, 50 s: with the abandoned permit still
	 * taken it would be nearly 100 s away, beyond the wait, and denied.
	 */
	private static void assertNextReservationWithinOnePermit(RateLimiter limiter) {
		Decision next = ((DefaultRateLimiter) limiter).source().decide("k", 1, MAX_WAIT.toMillis());
		assertThat(next.isAllowed()).as("%s", next).isTrue();
		assertThat(next.delayMillis()).as("%s", next).isPositive().isLessThanOrEqualTo(50_000);
	}

	/**
	 * A thread that waits in {@code acquire} for the key's next permit.
	 * @param thread the thread
	 * @param acquired completed with what {@code acquire} returned or threw
	 */
	private record Waiter(Thread thread, CompletableFuture<Decision> acquired) {

		static Waiter start(RateLimiter limiter) {
			CompletableFuture<Decision> acquired = new CompletableFuture<>();
			Thread thread = new Thread(() -> {
				try {
					acquired.complete(limiter.tryAcquire("k", 1, MAX_WAIT));
				}
				catch (Throwable ex) {
					acquired.completeExceptionally(ex);
				}
			}, "waiter");
			thread.start();
			return new Waiter(thread, acquired);
		}

		/** Interrupts the thread and asserts that {@code acquire} failed with the interrupt. */
		void interruptAndAssertItFails() {
			this.thread.interrupt();
			assertThat(this.acquired).failsWithin(Duration.ofSeconds(10))
				.withThrowableThat()
				.havingCause()
				.isInstanceOf(InterruptedException.class);
		}

	}

	@FunctionalInterface
	private interface Abandon {

		void abandon(RateLimiter limiter, CompletableFuture<Decision> reservation) throws Exception;

	}

	/** The first reservation and the first refund that the backend's limiters report. */
	private static final class Observed implements LimiterObserver {

		final CompletableFuture<Decision> reservation = new CompletableFuture<>();

		final CompletableFuture<AdminOperation.Outcome> refund = new CompletableFuture<>();

		@Override
		public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
			if (decision.isAllowed() && decision.delayMillis() > 0) {
				this.reservation.complete(decision);
			}
		}

		@Override
		public void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
			if (operation == AdminOperation.REFUND) {
				this.refund.complete(outcome);
			}
		}

	}

}
