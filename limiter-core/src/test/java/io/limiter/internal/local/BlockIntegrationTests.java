package io.limiter.internal.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.limiter.AdminOperation;
import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.contract.ManualClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.Decisions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * In-memory block for every algorithm on the real Redis cluster, with a clock the tests move for both the
 * local tier and the scripts, and Redis calls counted by a wrapper around the real executor.
 */
class BlockIntegrationTests {

	private final ManualClock clock = new ManualClock();

	private final LocalTierFixture instance = LocalTierFixture.withClock(this.clock);

	@AfterEach
	void close() {
		this.instance.close();
	}

	private DecisionSource block(Limit limit, LocalTier tier) {
		return this.instance.source(LocalTierFixture.uniqueName(), limit, tier);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aRefusedKeyIsRefusedInMemoryUntilRedisRetryDeadline(Algorithm algorithm) {
		DecisionSource source = block(Limit.of(algorithm, 3, Duration.ofSeconds(1)), LocalTier.block());
		Decision refused = source.decide("k", 1, 0);
		for (int i = 0; i < 3 && refused.isAllowed(); i++) {
			refused = source.decide("k", 1, 0);
		}
		assertThat(refused.isAllowed()).isFalse();
		long retryAfter = refused.retryAfterMillis();
		assertThat(retryAfter).isPositive();
		long calls = this.instance.executor().calls();
		for (long waited = 0; waited < retryAfter; waited += Math.max(1, retryAfter / 7)) {
			Decision blocked = source.decide("k", 1, 0);
			assertThat(blocked.isAllowed()).isFalse();
			assertThat(blocked.retryAfterMillis()).isEqualTo(retryAfter - waited);
			assertThat(blocked.remaining()).isEqualTo(refused.remaining());
			this.clock.advance(Math.min(Math.max(1, retryAfter / 7), retryAfter - waited));
		}
		assertThat(this.instance.executor().calls()).isEqualTo(calls);
		source.decide("k", 1, 0);
		assertThat(this.instance.executor().calls()).isEqualTo(calls + 1);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aKeyOfSeveralRatesIsBlockedByTheRateThatRefusesLongest(Algorithm algorithm) {
		Limit limit = Limit.builder(algorithm).rate(2, Duration.ofSeconds(1))
			.rate(3, Duration.ofSeconds(100)).build();
		DecisionSource source = block(limit, LocalTier.block());
		assertThat(source.decide("k", 2, 0).isAllowed()).isTrue();
		Decision fastRefuses = source.decide("k", 1, 0);
		assertThat(fastRefuses.isAllowed()).isFalse();
		assertThat(fastRefuses.rate()).isZero();
		this.clock.advance(fastRefuses.retryAfterMillis());
		while (!source.decide("k", 1, 0).isAllowed()) {
			this.clock.advance(100);
		}
		Decision slowRefuses = source.decide("k", 1, 0);
		assertThat(slowRefuses.isAllowed()).isFalse();
		assertThat(slowRefuses.rate()).isEqualTo(1);
		assertThat(slowRefuses.limit()).isEqualTo(3);
		long calls = this.instance.executor().calls();
		this.clock.advance(5_000);
		Decision blocked = source.decide("k", 1, 0);
		assertThat(blocked).isEqualTo(Decisions.local(Decisions.forRate(Decision.denied(3, 0,
				slowRefuses.retryAfterMillis() - 5_000, slowRefuses.resetAfterMillis() - 5_000), 1)));
		assertThat(this.instance.executor().calls()).isEqualTo(calls);
	}

	@Test
	void twoTierFallsBackToBlockForSeveralRatesAndStaysExact() {
		Limit limit = Limit.builder(Algorithm.TOKEN_BUCKET).rate(2, Duration.ofSeconds(10)).rate(3, Duration.ofSeconds(100)).build();
		DecisionSource source = block(limit, LocalTier.twoTier());
		assertThat(source).isInstanceOf(BlockingDecisionSource.class);
		assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).isAllowed()).isFalse();
		assertThat(source.decide("k", 1, 0).isLocal()).isTrue();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aRefundOrAResetLiftsThisInstancesBlockOfTheKey(Algorithm algorithm) {
		DecisionSource source = block(Limit.of(algorithm, 3, Duration.ofSeconds(100)), LocalTier.block());
		assertThat(source.decide("k", 3, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).isAllowed()).isFalse();
		assertThat(source.decide("k", 1, 0).isLocal()).as("blocked").isTrue();
		source.adjust("k", AdminOperation.ADD_PERMITS, 1);
		Decision refunded = source.decide("k", 1, 0);
		assertThat(refunded.isAllowed()).isTrue();
		assertThat(refunded.isLocal()).isFalse();
		assertThat(source.decide("k", 1, 0).isAllowed()).isFalse();
		assertThat(source.decide("k", 1, 0).isLocal()).as("blocked again").isTrue();
		source.adjustAsync("k", AdminOperation.RESET, 0).toCompletableFuture().join();
		assertThat(source.decide("k", 3, 0).isAllowed()).isTrue();
	}

	@Test
	void aRefundUnderAnotherKeyIsRefusedAndKeepsThatKeysBlock() {
		RateLimiter limiter = this.instance.limiter(LocalTierFixture.uniqueName(),
				Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofSeconds(100)), LocalTier.block());
		Decision grant = limiter.tryAcquire("k", 2);
		assertThat(limiter.tryAcquire("other", 3).isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("other", 1).isAllowed()).isFalse();
		long calls = this.instance.executor().calls();
		assertThatIllegalArgumentException().isThrownBy(() -> limiter.refund("other", grant))
			.withMessageContainingAll("key 'other'", "key 'k'");
		Decision blocked = limiter.tryAcquire("other", 1);
		assertThat(blocked.isLocal()).as("still blocked, %s", blocked).isTrue();
		assertThat(this.instance.executor().calls()).as("no call for the refused refund").isEqualTo(calls);
	}

	@Test
	void otherRequestsThanTheRefusedOneStillAskRedis() {
		DecisionSource source = block(Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofSeconds(1)), LocalTier.block());
		assertThat(source.decide("k", 2, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 2, 0).isAllowed()).isFalse();
		long calls = this.instance.executor().calls();
		assertThat(source.decide("k", 2, 0).isLocal()).isTrue();
		assertThat(this.instance.executor().calls()).isEqualTo(calls);
		Decision larger = source.decide("k", 3, 0);
		assertThat(larger.isAllowed()).isFalse();
		assertThat(larger.isLocal()).isFalse();
		assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(this.instance.executor().calls()).isEqualTo(calls + 2);
	}

	@Test
	void aRefusalMoreThanOnePermitShortIsNotKeptBecauseItsRemainingWouldGrowBeforeItsRetryAfter() {
		DecisionSource source = block(Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)), LocalTier.block());
		assertThat(source.decide("k", 10, 0).isAllowed()).isTrue();
		Decision refused = source.decide("k", 5, 0);
		assertThat(refused.isAllowed()).isFalse();
		assertThat(refused.retryAfterMillis()).isEqualTo(500);
		this.clock.advance(250);
		long calls = this.instance.executor().calls();
		Decision later = source.decide("k", 5, 0);
		assertThat(later.isLocal()).isFalse();
		assertThat(later.remaining()).isEqualTo(2);
		assertThat(later.retryAfterMillis()).isEqualTo(250);
		assertThat(this.instance.executor().calls()).isEqualTo(calls + 1);
	}

	@Test
	void aGrantEndsTheKeysBlockBecauseItMovesTheRetryAfter() {
		DecisionSource source = block(Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)), LocalTier.block());
		assertThat(source.decide("k", 10, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).retryAfterMillis()).isEqualTo(100);
		Decision reserved = source.decide("k", 2, 200);
		assertThat(reserved.delayMillis()).isEqualTo(200);
		Decision afterReservation = source.decide("k", 1, 0);
		assertThat(afterReservation.isLocal()).isFalse();
		assertThat(afterReservation.retryAfterMillis()).isEqualTo(300);
	}

	@Test
	void aReservationThatFitsInItsWaitStillAsksRedis() {
		DecisionSource source = block(Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)), LocalTier.block());
		assertThat(source.decide("k", 10, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).retryAfterMillis()).isEqualTo(100);
		long calls = this.instance.executor().calls();
		assertThat(source.decide("k", 1, 50).isAllowed()).isFalse();
		assertThat(this.instance.executor().calls()).isEqualTo(calls);
		Decision reserved = source.decide("k", 1, 100);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.delayMillis()).isEqualTo(100);
		assertThat(this.instance.executor().calls()).isEqualTo(calls + 1);
	}

	@Test
	void blocksAreBoundedAndExpiredOnesMakeRoom() {
		LocalTier tier = LocalTier.builder().mode(LocalTier.Mode.BLOCK).maximumKeys(20).build();
		BlockingDecisionSource source = (BlockingDecisionSource) block(
				Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(1)), tier);
		for (int i = 0; i < 100; i++) {
			source.decide("stranger-" + i, 1, 0);
			assertThat(source.decide("stranger-" + i, 1, 0).isAllowed()).isFalse();
			assertThat(source.size()).isLessThanOrEqualTo(20);
		}
		assertThat(source.size()).isEqualTo(20);
		this.clock.advance(1000);
		for (int i = 0; i < 100; i++) {
			assertThat(source.decide("stranger-" + i, 1, 0).isAllowed()).isTrue();
		}
		for (int i = 0; i < 20; i++) {
			source.decide("newcomer-" + i, 1, 0);
			assertThat(source.decide("newcomer-" + i, 1, 0).isAllowed()).isFalse();
		}
		assertThat(source.decide("newcomer-19", 1, 0).isLocal()).as("blocked in place of an expired block").isTrue();
		assertThat(source.size()).isLessThanOrEqualTo(20);
	}

	@ParameterizedTest
	@ValueSource(booleans = { false, true })
	void requestsAtAKeysLimitWaitForOneProbeInsteadOfAllAskingRedis(boolean async) throws Exception {
		DecisionSource source = block(Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(10)), LocalTier.block());
		assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).isAllowed()).isFalse();
		this.clock.advance(10_000);
		long calls = this.instance.executor().calls();
		int requests = 16;
		ExecutorService callers = Executors.newFixedThreadPool(requests);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<Decision>> sent = new ArrayList<>();
			for (int i = 0; i < requests; i++) {
				sent.add(callers.submit(() -> {
					start.await();
					return async ? source.decideAsync("k", 1, 0).toCompletableFuture().get(10, TimeUnit.SECONDS)
							: source.decide("k", 1, 0);
				}));
			}
			start.countDown();
			List<Decision> decisions = new ArrayList<>();
			for (Future<Decision> decision : sent) {
				decisions.add(decision.get(10, TimeUnit.SECONDS));
			}
			assertThat(decisions).filteredOn(Decision::isAllowed).as("the one permit refilled").hasSize(1);
			assertThat(this.instance.executor().calls() - calls)
				.as("the probe that took the refill and the one refused after it").isBetween(1L, 2L);
			assertThat(this.instance.executor().mostInFlightPerKey()).isOne();
		}
		finally {
			callers.shutdownNow();
		}
	}

	@Test
	void aGrantThatLeavesRoomEndsTheBlock() {
		BlockingDecisionSource source = (BlockingDecisionSource) block(
				Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofSeconds(1)), LocalTier.block());
		assertThat(source.decide("k", 2, 0).isAllowed()).isTrue();
		assertThat(source.decide("k", 1, 0).isAllowed()).isFalse();
		assertThat(source.size()).isOne();
		this.clock.advance(500);
		assertThat(source.decide("k", 1, 0).remaining()).as("the refill of one permit taken").isZero();
		assertThat(source.size()).as("still at its limit").isOne();
		this.clock.advance(1000);
		assertThat(source.decide("k", 1, 0).remaining()).isOne();
		assertThat(source.size()).isZero();
	}

	@Test
	void aFullBlockListKeepsEveryRunningBlockAndNewRefusalsAskRedis() {
		LocalTier tier = LocalTier.builder().mode(LocalTier.Mode.BLOCK).maximumKeys(20).build();
		BlockingDecisionSource source = (BlockingDecisionSource) block(
				Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(10)), tier);
		for (int i = 0; i < 20; i++) {
			source.decide("blocked-" + i, 1, 0);
			source.decide("blocked-" + i, 1, 0);
		}
		assertThat(source.size()).isEqualTo(20);
		for (int i = 0; i < 100; i++) {
			source.decide("stranger-" + i, 1, 0);
			source.decide("stranger-" + i, 1, 0);
		}
		long calls = this.instance.executor().calls();
		for (int i = 0; i < 20; i++) {
			assertThat(source.decide("blocked-" + i, 1, 0).isAllowed()).isFalse();
		}
		assertThat(this.instance.executor().calls()).as("every early block still answers in memory").isEqualTo(calls);
		assertThat(source.decide("stranger-0", 1, 0).isAllowed()).as("a refusal that found no room").isFalse();
		assertThat(this.instance.executor().calls()).isEqualTo(calls + 1);
	}

}
