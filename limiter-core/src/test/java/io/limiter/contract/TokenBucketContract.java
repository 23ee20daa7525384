package io.limiter.contract;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Token bucket, exact to the millisecond: 10 per second is one permit every 100 ms.
 */
public abstract class TokenBucketContract extends AlgorithmContract {

	private RateLimiter tenPerSecond() {
		return limiter(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));
	}

	@Test
	void burstUpToCapacityThenDenyUntilOnePermitRefills() {
		RateLimiter limiter = tenPerSecond();
		for (int taken = 1; taken <= 10; taken++) {
			assertAllowed(limiter.tryAcquire("k", 1), 10 - taken, taken * 100L);
		}
		assertDenied(limiter.tryAcquire("k", 1), 0, 100, 1000);
		this.clock.advance(99);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 901);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 1000);
	}

	@Test
	void decisionsCarryTheCapacity() {
		assertThat(tenPerSecond().tryAcquire("k", 1).limit()).isEqualTo(10);
	}

	@Test
	void refillsFractionalRatesExactly() {
		RateLimiter limiter = limiter(Algorithm.TOKEN_BUCKET, 3, Duration.ofSeconds(1));
		assertAllowed(limiter.tryAcquire("k", 3), 0, 1000);
		this.clock.advance(333);
		assertDenied(limiter.tryAcquire("k", 1), 0, 1, 667);
		this.clock.advance(1);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 1000);
		this.clock.advance(1000);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 1000);
		assertDenied(limiter.tryAcquire("k", 1), 0, 334, 1000);
	}

	@Test
	void slowRatesKeepEveryTickAcrossManySmallSteps() {
		RateLimiter limiter = limiter(Algorithm.TOKEN_BUCKET, 1, Duration.ofMinutes(1));
		assertAllowed(limiter.tryAcquire("k", 1), 0, 60_000);
		for (int second = 1; second < 60; second++) {
			this.clock.advance(1000);
			assertDenied(limiter.tryAcquire("k", 1), 0, 60_000 - second * 1000L, 60_000 - second * 1000L);
		}
		this.clock.advance(1000);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 60_000);
	}

	@Test
	void severalPermitsAreTakenAllOrNothing() {
		RateLimiter limiter = tenPerSecond();
		assertAllowed(limiter.tryAcquire("k", 7), 3, 700);
		assertDenied(limiter.tryAcquire("k", 5), 3, 200, 700);
		assertAllowed(limiter.tryAcquire("k", 3), 0, 1000);
	}

	@Test
	void zeroPermitsLooksWithoutTaking() {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 4);
		assertAllowed(limiter.tryAcquire("k", 0), 6, 400);
		assertAllowed(limiter.tryAcquire("k", 6), 0, 1000);
	}

	@Test
	void moreThanTheCapacityIsRefusedWithAClearError() {
		assertThatIllegalArgumentException().isThrownBy(() -> tenPerSecond().tryAcquire("k", 11))
			.withMessageContaining("permits")
			.withMessageContaining("11")
			.withMessageContaining("capacity 10");
	}

	@Test
	void keysAreIndependent() {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("a", 10);
		assertDenied(limiter.tryAcquire("a", 1), 0, 100, 1000);
		assertAllowed(limiter.tryAcquire("b", 1), 9, 100);
	}

	@Test
	void aClockGoingBackwardsRefillsNothing() {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 10);
		this.clock.advance(-500);
		assertDenied(limiter.tryAcquire("k", 1), 0, 100, 1000);
		this.clock.advance(600);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 1000);
	}

	@Test
	void aLongIdleKeyIsFullAgain() {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 10);
		this.clock.advance(Duration.ofDays(3650).toMillis());
		assertAllowed(limiter.tryAcquire("k", 1), 9, 100);
	}

	@Test
	void largeCapacitiesStayExact() {
		RateLimiter limiter = limiter(Algorithm.TOKEN_BUCKET, 1_000_000, Duration.ofDays(7));
		assertAllowed(limiter.tryAcquire("k", 999_999), 1, 604_799_396);
		this.clock.advance(604_799_395);
		assertAllowed(limiter.tryAcquire("k", 999_999), 0, 604_799_396);
	}

	@Test
	void acquireReservesPermitsAheadAndLaterCallersQueueBehind() throws Exception {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 10);
		Decision reserved = limiter.acquireAsync("k", 2, Duration.ofMillis(250))
			.toCompletableFuture()
			.get(5, TimeUnit.SECONDS);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.delayMillis()).isEqualTo(200);
		assertDenied(limiter.tryAcquire("k", 1), 0, 300, 1200);
	}

	@Test
	void acquireFailsAtOnceWhenTheWaitDoesNotFit() throws Exception {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 10);
		long started = System.nanoTime();
		Decision denied = limiter.acquire("k", 1, Duration.ofMillis(99));
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(99);
		assertDenied(denied, 0, 100, 1000);
		this.clock.advance(100);
		assertAllowed(limiter.tryAcquire("k", 1), 0, 1000);
	}

	@Test
	void acquireWaitsForTheReservedPermits() throws Exception {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 10);
		long started = System.nanoTime();
		Decision decision = limiter.acquire("k", 1, Duration.ofSeconds(1));
		assertThat(decision.isAllowed()).isTrue();
		assertThat(decision.delayMillis()).isEqualTo(100);
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isGreaterThanOrEqualTo(100);
	}

	@Test
	void asyncDecisionsMatchSyncOnes() throws Exception {
		RateLimiter limiter = tenPerSecond();
		limiter.tryAcquire("k", 8);
		Decision decision = limiter.tryAcquireAsync("k", 3).toCompletableFuture().get(5, TimeUnit.SECONDS);
		assertDenied(decision, 2, 100, 800);
	}

}
