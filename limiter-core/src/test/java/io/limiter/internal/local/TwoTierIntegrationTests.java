package io.limiter.internal.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.FallbackCharge;
import io.limiter.contract.ManualClock;
import io.limiter.internal.algorithm.LimitAlgorithm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Two-tier borrowing for the token bucket and GCRA on the real Redis cluster, with a clock the tests move for
 * both the local tier and the scripts, and Redis calls counted by a wrapper around the real executor.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(names = { "TOKEN_BUCKET", "GCRA" })
class TwoTierIntegrationTests {

	@Parameter
	private Algorithm algorithm;

	private final ManualClock clock = new ManualClock();

	private final List<LocalTierFixture> instances = new ArrayList<>();

	@AfterEach
	void closeInstances() {
		this.instances.forEach(LocalTierFixture::close);
	}

	private Limit tenPerSecond() {
		return limit(10);
	}

	private Limit limit(long perSecond) {
		return Limit.of(this.algorithm, perSecond, Duration.ofSeconds(1));
	}

	private String borrowScript() {
		return this.algorithm.configName() + "-borrow.lua";
	}

	private LocalTierFixture instance() {
		LocalTierFixture instance = LocalTierFixture.withClock(this.clock);
		this.instances.add(instance);
		return instance;
	}

	private static LocalTier twoTier(long initialBatch, double maxBatchShare) {
		return LocalTier.builder()
			.mode(LocalTier.Mode.TWO_TIER)
			.initialBatch(initialBatch)
			.maxBatchShare(maxBatchShare)
			.lease(Duration.ofSeconds(2))
			.build();
	}

	@Test
	void aBorrowedBatchIsSpentWithoutCallingRedis() {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), tenPerSecond(), twoTier(4, 1));
		for (int taken = 1; taken <= 4; taken++) {
			Decision decision = limiter.tryAcquire("k");
			assertThat(decision.isAllowed()).isTrue();
			assertThat(decision.remaining()).isEqualTo(10 - taken);
		}
		assertThat(instance.executor().calls(borrowScript())).isEqualTo(1);
		assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
		assertThat(instance.executor().calls(borrowScript())).isEqualTo(2);
		assertThat(instance.executor().calls()).isEqualTo(2);
	}

	@Test
	void denialsAreServedLocallyUntilRedisRetryDeadline() {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(),
				limit(2), twoTier(2, 1));
		assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
		Decision refused = limiter.tryAcquire("k");
		assertThat(refused.isAllowed()).isFalse();
		assertThat(refused.retryAfterMillis()).isEqualTo(500);
		assertThat(instance.executor().calls(borrowScript())).isEqualTo(2);
		this.clock.advance(100);
		assertThat(limiter.tryAcquire("k").retryAfterMillis()).isEqualTo(400);
		this.clock.advance(399);
		Decision last = limiter.tryAcquire("k", 2);
		assertThat(last.isAllowed()).isFalse();
		assertThat(last.retryAfterMillis()).isEqualTo(1);
		assertThat(last.remaining()).isZero();
		assertThat(instance.executor().calls()).isEqualTo(2);
		this.clock.advance(1);
		assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
		assertThat(instance.executor().calls(borrowScript())).isEqualTo(3);
	}

	@Test
	void theRetryDeadlineHoldsForEveryCallerThatWaitedOnTheBorrow() throws Exception {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), tenPerSecond(), twoTier(10, 1));
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		List<CompletableFuture<Decision>> decisions = new ArrayList<>();
		for (int i = 0; i < 200; i++) {
			decisions.add(limiter.tryAcquireAsync("k", 1).toCompletableFuture());
		}
		for (CompletableFuture<Decision> decision : decisions) {
			assertThat(decision.get(5, TimeUnit.SECONDS).isAllowed()).isFalse();
		}
		assertThat(instance.executor().calls(borrowScript())).isEqualTo(2);
	}

	@Test
	void concurrentCallersAskRedisOncePerRetryDeadline() throws InterruptedException {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), tenPerSecond(), twoTier(10, 1));
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		AtomicInteger granted = new AtomicInteger();
		List<Thread> callers = new ArrayList<>();
		for (int i = 0; i < 64; i++) {
			Thread caller = new Thread(() -> {
				for (int call = 0; call < 200; call++) {
					if (limiter.tryAcquire("k").isAllowed()) {
						granted.incrementAndGet();
					}
				}
			});
			caller.start();
			callers.add(caller);
		}
		for (Thread caller : callers) {
			caller.join();
		}
		assertThat(granted).hasValue(0);
		assertThat(instance.executor().calls()).isEqualTo(2);
	}

	@Test
	void aKeyOutrunningTheRefillBorrowsOncePerTwentyMillisecondsOfRefill() {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), limit(1000), twoTier(1, 0.1));
		assertThat(limiter.tryAcquire("k", 1000).isAllowed()).isTrue();
		long callsBefore = instance.executor().calls(borrowScript());
		int granted = 0;
		Decision firstRefusal = null;
		for (int millis = 1; millis <= 200; millis++) {
			this.clock.advance(1);
			Decision decision = limiter.tryAcquire("k");
			granted += decision.isAllowed() ? 1 : 0;
			if (!decision.isAllowed() && firstRefusal == null) {
				firstRefusal = decision;
			}
		}
		assertThat(instance.executor().calls(borrowScript()) - callsBefore).as("borrows for 200 permits of refill")
			.isBetween(5L, 15L);
		assertThat(granted).as("one permit refills per ms; at most 20 ms of it waits in Redis").isBetween(175, 200);
		assertThat(firstRefusal).isNotNull();
		assertThat(firstRefusal.retryAfterMillis()).as("until 20 permits are there").isBetween(1L, 20L);
	}

	@Test
	void aSlowLimitStillGrantsEachPermitAsSoonAsItRefills() {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), limit(10), twoTier(1, 1));
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		for (int i = 0; i < 5; i++) {
			Decision refused = limiter.tryAcquire("k");
			assertThat(refused.isAllowed()).isFalse();
			this.clock.advance(refused.retryAfterMillis());
			assertThat(limiter.tryAcquire("k").isAllowed()).as("a permit after its retry-after").isTrue();
		}
	}

	@Test
	void heldTokensBurstAtMostTheLargestBatchPerInstanceAboveTheLimit() {
		String name = LocalTierFixture.uniqueName();
		Limit limit = limit(15);
		LocalTier tier = twoTier(5, 0.34);
		List<RateLimiter> limiters = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			limiters.add(instance().limiter(name, limit, tier));
		}
		RateLimiter plain = instance().limiter(name, limit, LocalTier.none());
		for (RateLimiter limiter : limiters) {
			assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
		}
		this.clock.advance(1000);
		long granted = 0;
		for (RateLimiter limiter : limiters) {
			granted += takeAll(limiter);
		}
		granted += takeAll(plain);
		long bound = limit.capacity() + limiters.size() * tier.maxBatchPermits(limit);
		assertThat(granted).isGreaterThan(limit.capacity()).isLessThanOrEqualTo(bound);
	}

	@Test
	void tokensHeldPastTheLeaseAreDropped() {
		String name = LocalTierFixture.uniqueName();
		LocalTier tier = twoTier(5, 0.5);
		RateLimiter local = instance().limiter(name, tenPerSecond(), tier);
		RateLimiter plain = instance().limiter(name, tenPerSecond(), LocalTier.none());
		assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		this.clock.advance(tier.lease().toMillis());
		assertThat(takeAll(local) + takeAll(plain)).isEqualTo(tenPerSecond().capacity());
	}

	@Test
	void theBatchGrowsWithDemandAndShrinksWhenItFalls() {
		LocalTierFixture instance = instance();
		Limit limit = limit(1000);
		LocalTier tier = twoTier(1, 0.1).toBuilder().lease(Duration.ofSeconds(1)).build();
		TwoTierDecisionSource source = (TwoTierDecisionSource) instance.source(LocalTierFixture.uniqueName(), limit,
				tier);
		long permit = limit.periodMillis();
		List<Long> growth = new ArrayList<>();
		for (int i = 0; i < 3000; i++) {
			assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
			recordBatch(source, growth);
			this.clock.advance(1);
		}
		assertThat(growth).first().isEqualTo(permit);
		assertThat(growth).isSorted().last().isEqualTo(100 * permit);
		assertThat(instance.executor().calls(borrowScript())).isLessThan(50);
		List<Long> shrink = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			this.clock.advance(600);
			assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
			recordBatch(source, shrink);
		}
		assertThat(shrink).isSortedAccordingTo((a, b) -> Long.compare(b, a)).last().isEqualTo(permit);
	}

	@Test
	void aRefundGivesThisInstancesUnspentTokensBackWithThePermits() {
		String name = LocalTierFixture.uniqueName();
		RateLimiter local = instance().limiter(name, tenPerSecond(), twoTier(5, 0.5));
		RateLimiter plain = instance().limiter(name, tenPerSecond(), LocalTier.none());
		assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		assertThat(plain.tryAcquire("k", 0).remaining()).isEqualTo(5);
		local.addPermits("k", 1);
		assertThat(plain.tryAcquire("k", 0).remaining()).isEqualTo(10);
	}

	/**
	 * A grant spent from borrowed tokens goes back to them, not to Redis, where they stay debited: this instance
	 * spends them again while their lease lasts, without another borrow.
	 */
	@Test
	void aRefundOfALocalGrantGoesBackToTheBorrowedTokensWhileTheirLeaseLasts() {
		String name = LocalTierFixture.uniqueName();
		LocalTierFixture instance = instance();
		RateLimiter local = instance.limiter(name, tenPerSecond(), twoTier(5, 0.5));
		RateLimiter plain = instance().limiter(name, tenPerSecond(), LocalTier.none());
		Decision first = local.tryAcquire("k");
		assertThat(first.isLocal()).isTrue();
		for (int i = 0; i < 4; i++) {
			assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		}
		local.refund("k", first);
		assertThat(local.tryAcquire("k").isAllowed()).as("the refunded token, held again").isTrue();
		assertThat(instance.executor().calls()).as("one borrow, and no call for the refund").isEqualTo(1);
		assertThat(plain.tryAcquire("k", 0).remaining()).as("still debited in Redis").isEqualTo(5);
	}

	@Test
	void aRefundOfALocalGrantUnderAnotherKeyIsRefusedWithoutACall() {
		LocalTierFixture instance = instance();
		RateLimiter local = instance.limiter(LocalTierFixture.uniqueName(), tenPerSecond(), twoTier(5, 0.5));
		Decision first = local.tryAcquire("k");
		assertThat(first.isLocal()).isTrue();
		assertThatIllegalArgumentException().isThrownBy(() -> local.refundAsync("other", first))
			.withMessageContainingAll("key 'other'", "key 'k'", "nothing was refunded");
		assertThat(instance.executor().calls()).as("one borrow, and no call for the refund").isEqualTo(1);
		for (int i = 0; i < 4; i++) {
			assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		}
		assertThat(instance.executor().calls()).as("the borrowed tokens, none given back").isEqualTo(1);
	}

	@Test
	void aRefundLiftsThisInstancesLocalRefusal() {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), limit(2), twoTier(2, 1));
		assertThat(limiter.tryAcquire("k", 2).isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("k").isAllowed()).isFalse();
		assertThat(limiter.tryAcquire("k").isLocal()).isTrue();
		limiter.addPermitsAsync("k", 1).toCompletableFuture().join();
		assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
	}

	@Test
	void aResetDropsThisInstancesBorrowedTokensAndStartsTheKeyAfresh() {
		String name = LocalTierFixture.uniqueName();
		LocalTierFixture instance = instance();
		RateLimiter local = instance.limiter(name, tenPerSecond(), twoTier(5, 0.5));
		RateLimiter plain = instance().limiter(name, tenPerSecond(), LocalTier.none());
		assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		local.reset("k");
		assertThat(plain.tryAcquire("k", 0).remaining()).isEqualTo(10);
		long borrows = instance.executor().calls(borrowScript());
		assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		assertThat(instance.executor().calls(borrowScript())).as("nothing held after the reset").isEqualTo(borrows + 1);
	}

	@Test
	void everyUnspentTokenGoesBackToRedisOnClose() {
		String name = LocalTierFixture.uniqueName();
		LocalTierFixture closing = LocalTierFixture.withClock(this.clock);
		RateLimiter local = closing.limiter(name, tenPerSecond(), twoTier(5, 0.5));
		RateLimiter plain = instance().limiter(name, tenPerSecond(), LocalTier.none());
		assertThat(local.tryAcquire("k").isAllowed()).isTrue();
		assertThat(plain.tryAcquire("k", 0).remaining()).isEqualTo(5);
		closing.close();
		assertThat(plain.tryAcquire("k", 0).remaining()).isEqualTo(9);
	}

	@Test
	void aChangedLimitReplacesTheLocalTierAndTheOldOneGivesItsTokensBack() throws InterruptedException {
		String name = LocalTierFixture.uniqueName();
		LocalTierFixture instance = instance();
		DecisionSource before = instance.source(name, tenPerSecond(), twoTier(5, 0.5));
		RateLimiter plain = instance().limiter(name, tenPerSecond(), LocalTier.none());
		assertThat(before.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(plain.tryAcquire("k", 0).remaining()).isEqualTo(5);
		DecisionSource after = instance.source(name, limit(20), twoTier(5, 0.5));
		assertThat(after).isNotSameAs(before);
		assertThat(instance.source(name, limit(20), twoTier(5, 0.5))).isSameAs(after);
		long deadline = System.nanoTime() + LocalTierFixture.TIMEOUT.toNanos();
		while (plain.tryAcquire("k", 0).remaining() != 9 && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(plain.tryAcquire("k", 0).remaining()).as("the old tier's 4 unspent tokens given back").isEqualTo(9);
	}

	/**
	 * 10 permits borrowed at once, then 2.5 of refill, then the half permit that rounding already paid: 13 charged,
	 * each when Redis lends it and none for the grants from the bucket.
	 */
	@Test
	void eachBorrowIsChargedToTheFallbackShareWhenLentInWholePermitsRoundedUp() {
		String name = LocalTierFixture.uniqueName();
		LocalTierFixture instance = instance();
		AtomicLong charged = new AtomicLong();
		FallbackCharge charge = (key, permits) -> charged.addAndGet(permits);
		DecisionSource uncharged = instance.source(name, tenPerSecond(), twoTier(4, 1));
		DecisionSource tier = instance.sources(name, List.of(tenPerSecond()), twoTier(4, 1), List.of(charge)).get(0);
		assertThat(tier).as("a tier that charges a share replaces one that charges none").isNotSameAs(uncharged);
		assertThat(tier.decide("k", 10, 0).isAllowed()).isTrue();
		assertThat(charged).hasValue(10);
		this.clock.advance(250);
		assertThat(tier.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(charged).as("2.5 permits lent").hasValue(13);
		assertThat(tier.decide("k", 1, 0).isAllowed()).as("from the bucket").isTrue();
		assertThat(tier.decide("k", 1, 0).isAllowed()).as("half a permit held, none in Redis").isFalse();
		this.clock.advance(50);
		assertThat(tier.decide("k", 1, 0).isAllowed()).isTrue();
		assertThat(charged).as("the half permit lent was paid by the rounding up").hasValue(13);
		assertThat(instance.executor().calls(borrowScript())).isEqualTo(4);
	}

	@Test
	void plansOfOneNameKeepATierEachAndEveryTierGivesItsTokensBackOnClose() {
		String name = LocalTierFixture.uniqueName();
		LocalTierFixture closing = LocalTierFixture.withClock(this.clock);
		List<Limit> plans = List.of(tenPerSecond(), limit(20));
		List<DecisionSource> tiers = closing.sources(name, plans, twoTier(5, 0.5));
		RateLimiter basic = instance().limiter(name, tenPerSecond(), LocalTier.none());
		RateLimiter gold = instance().limiter(name, limit(20), LocalTier.none());
		assertThat(tiers.get(0).decide("basic", 1, 0).isAllowed()).isTrue();
		assertThat(tiers.get(1).decide("gold", 1, 0).isAllowed()).isTrue();
		assertThat(closing.sources(name, plans, twoTier(5, 0.5))).as("the same plans keep their tiers")
			.containsExactlyElementsOf(tiers);
		assertThat(basic.tryAcquire("basic", 0).remaining()).isEqualTo(5);
		assertThat(gold.tryAcquire("gold", 0).remaining()).isEqualTo(15);
		closing.close();
		assertThat(basic.tryAcquire("basic", 0).remaining()).isEqualTo(9);
		assertThat(gold.tryAcquire("gold", 0).remaining()).isEqualTo(19);
	}

	@Test
	void aMillionStrangersCannotGrowTheLocalBuckets() {
		LocalTierFixture instance = instance();
		LocalTier tier = twoTier(1, 0.1).toBuilder().maximumKeys(50).build();
		TwoTierDecisionSource source = (TwoTierDecisionSource) instance.source(LocalTierFixture.uniqueName(),
				tenPerSecond(), tier);
		for (int i = 0; i < 500; i++) {
			source.decide("stranger-" + i, 1, 0);
			assertThat(source.buckets()).hasSizeLessThanOrEqualTo(50);
		}
	}

	@Test
	void bucketsThatHoldTokensAreNeverDroppedAndKeysWithoutRoomAskRedisExactly() {
		LocalTierFixture instance = instance();
		LocalTier tier = twoTier(4, 1).toBuilder().maximumKeys(10).build();
		TwoTierDecisionSource source = (TwoTierDecisionSource) instance.source(LocalTierFixture.uniqueName(),
				tenPerSecond(), tier);
		for (int i = 0; i < 10; i++) {
			assertThat(source.decide("holder-" + i, 1, 0).isAllowed()).isTrue();
		}
		Map<String, LocalBucket> holders = Map.copyOf(source.buckets());
		for (int i = 0; i < 50; i++) {
			assertThat(source.decide("stranger-" + i, 1, 0).isAllowed()).isTrue();
		}
		assertThat(source.buckets()).isEqualTo(holders);
		long borrows = instance.executor().calls(borrowScript());
		for (int i = 0; i < 10; i++) {
			assertThat(source.decide("holder-" + i, 3, 0).isAllowed()).isTrue();
		}
		assertThat(instance.executor().calls(borrowScript())).as("held tokens spent, no borrow").isEqualTo(borrows);
		this.clock.advance(Duration.ofSeconds(3).toMillis());
		assertThat(source.decide("late", 1, 0).isAllowed()).isTrue();
		assertThat(source.buckets()).as("room once the leases ended").containsKey("late");
	}

	@Test
	void reservationsTheLocalBucketCannotServeGoToRedis() throws InterruptedException {
		LocalTierFixture instance = instance();
		RateLimiter limiter = instance.limiter(LocalTierFixture.uniqueName(), tenPerSecond(), twoTier(1, 0.1));
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		Decision reserved = instance.source(limiter.name(), tenPerSecond(), twoTier(1, 0.1)).decide("k", 1, 150);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.delayMillis()).isEqualTo(100);
		assertThat(instance.executor().calls(LimitAlgorithm.of(this.algorithm).script().name())).isEqualTo(1);
	}

	private static long takeAll(RateLimiter limiter) {
		long granted = 0;
		while (limiter.tryAcquire("k").isAllowed()) {
			granted++;
		}
		return granted;
	}

	private static void recordBatch(TwoTierDecisionSource source, List<Long> batches) {
		long batch = source.buckets().get("k").batch();
		if (batches.isEmpty() || batches.get(batches.size() - 1) != batch) {
			batches.add(batch);
		}
	}

}
