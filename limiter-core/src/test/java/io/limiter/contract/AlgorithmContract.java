package io.limiter.contract;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.BackendUpdates;
import io.limiter.Decision;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.internal.Decisions;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.MarkedReceipt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The base of every algorithm's contract: the same expectations run against each backend by subclasses
 * that name their {@link BackendFixture}, and the expectations every algorithm shares, told apart by three
 * numbers of each algorithm.
 * <p>
 * Limits are slow (10 per 100 s in most tests) because Redis expires keys in real time while the manual clock
 * stands still: a key must not expire between two calls of a test however slow the machine. Only tests that
 * really wait use faster limits.
 */
public abstract class AlgorithmContract {

	private static final AtomicInteger names = new AtomicInteger();

	/** The clock of the backend under test, back at {@link ManualClock#START} before each test. */
	protected ManualClock clock;

	private final Algorithm algorithm;

	private final long retryAfterOnceExhausted;

	private final long resetAfterOnceExhausted;

	private final long resetAfterOnePermit;

	/**
	 * Creates the contract of one algorithm.
	 * @param algorithm the algorithm under test
	 * @param retryAfterOnceExhausted the retry-after of one permit right after a {@link #tenPerHundredSeconds()}
	 * limiter granted all 10 at {@link ManualClock#START}
	 * @param resetAfterOnceExhausted the reset-after at that moment
	 * @param resetAfterOnePermit the reset-after right after such a limiter granted one permit at
	 * {@link ManualClock#START}
	 */
	protected AlgorithmContract(Algorithm algorithm, long retryAfterOnceExhausted, long resetAfterOnceExhausted,
			long resetAfterOnePermit) {
		this.algorithm = algorithm;
		this.retryAfterOnceExhausted = retryAfterOnceExhausted;
		this.resetAfterOnceExhausted = resetAfterOnceExhausted;
		this.resetAfterOnePermit = resetAfterOnePermit;
	}

	/**
	 * Returns the backend under test.
	 * @return the fixture
	 */
	protected abstract BackendFixture fixture();

	@BeforeEach
	void resetClock() {
		this.clock = fixture().clock();
		this.clock.reset();
	}

	/**
	 * Returns a limiter of a limit name no other test uses.
	 * @param algorithm the algorithm
	 * @param capacity the capacity
	 * @param period the period
	 * @return the limiter
	 */
	protected RateLimiter limiter(Algorithm algorithm, long capacity, Duration period) {
		String name = getClass().getSimpleName() + "-" + ProcessHandle.current().pid() + "-"
				+ names.incrementAndGet();
		return fixture().backend().limiter(name, Limit.of(algorithm, capacity, period));
	}

	/** {@return the algorithm under test} */
	protected Algorithm algorithm() {
		return this.algorithm;
	}

	/** {@return a limiter of 10 permits per 100 seconds under the algorithm under test} */
	protected RateLimiter tenPerHundredSeconds() {
		return limiter(this.algorithm, 10, Duration.ofSeconds(100));
	}

	/**
	 * Returns the retry-after of one permit right after a {@link #tenPerHundredSeconds()} limiter granted all 10.
	 * @return the retry-after in milliseconds
	 */
	protected long retryAfterOnceExhausted() {
		return this.retryAfterOnceExhausted;
	}

	/**
	 * Returns the reset-after right after a {@link #tenPerHundredSeconds()} limiter granted all 10.
	 * @return the reset-after in milliseconds
	 */
	protected long resetAfterOnceExhausted() {
		return this.resetAfterOnceExhausted;
	}

	@Test
	void decisionsCarryTheCapacity() {
		assertThat(tenPerHundredSeconds().tryAcquire("k", 1).limit()).isEqualTo(10);
		assertThat(tenPerHundredSeconds().tryAcquire("k", 0).limit()).isEqualTo(10);
	}

	@Test
	void moreThanTheCapacityIsRefusedWithAClearError() {
		assertThatIllegalArgumentException().isThrownBy(() -> tenPerHundredSeconds().tryAcquire("k", 11))
			.withMessageContaining("permits")
			.withMessageContaining("11")
			.withMessageContaining("capacity 10");
	}

	@Test
	void keysAreIndependent() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("a", 10);
		assertDenied(limiter.tryAcquire("a", 1), 0, retryAfterOnceExhausted(), resetAfterOnceExhausted());
		assertAllowed(limiter.tryAcquire("b", 1), 9, this.resetAfterOnePermit);
	}

	@Test
	void limitsWhoseNameAndKeySplitDifferentlyKeepStatesOfTheirOwn() {
		String name = "split-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Limit limit = Limit.of(this.algorithm, 10, Duration.ofSeconds(100));
		RateLimiter shortName = fixture().backend().limiter(name, limit);
		RateLimiter longName = fixture().backend().limiter(name + ":x", limit);
		assertAllowed(shortName.tryAcquire("x:y", 10), 0, resetAfterOnceExhausted());
		assertAllowed(longName.tryAcquire("y", 1), 9, this.resetAfterOnePermit);
	}

	@Test
	void aClockGoingBackCountsAsNoTimePassing() {
		RateLimiter steady = tenPerHundredSeconds();
		RateLimiter regressing = tenPerHundredSeconds();
		this.clock.advance(50_000);
		assertThat(unissued(regressing.tryAcquire("k", 6))).isEqualTo(unissued(steady.tryAcquire("k", 6)));
		long[][] requests = { { 2, 100 }, { 1, 0 }, { 1, 30_000 }, { 1, 1 }, { 0, 49_999 } };
		for (long[] request : requests) {
			Decision atTheLatestTime = steady.tryAcquire("k", request[0]);
			this.clock.advance(-request[1]);
			Decision earlier = regressing.tryAcquire("k", request[0]);
			this.clock.advance(request[1]);
			assertThat(unissued(earlier)).as("%d permits %d ms before the latest time", request[0], request[1])
				.isEqualTo(unissued(atTheLatestTime));
		}
	}

	@Test
	void aChangedCapacityKeepsTheStateOfEveryKey() {
		String name = "changed-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Duration period = Duration.ofSeconds(100);
		fixture().backend().limiter(name, Limit.of(this.algorithm, 10, period)).tryAcquire("busy", 10);
		RateLimiter larger = update(name, Limit.of(this.algorithm, 20, period));
		assertThat(larger.tryAcquire("busy", 0).remaining()).as("not refilled by a larger capacity").isLessThan(20);
		assertAllowed(larger.tryAcquire("fresh", 0), 20, 0);
		RateLimiter smaller = update(name, Limit.of(this.algorithm, 5, period));
		Decision denied = smaller.tryAcquire("busy", 1);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.remaining()).isZero();
		assertThat(denied.limit()).isEqualTo(5);
		assertThat(smaller.tryAcquire("fresh", 5).remaining()).isZero();
	}

	@Test
	void aNameHasOneSettingOnABackend() {
		String name = "one-setting-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Duration period = Duration.ofSeconds(100);
		Limit limit = Limit.of(this.algorithm, 10, period);
		fixture().backend().limiter(name, limit).tryAcquire("k", 4);
		assertThat(fixture().backend().limiter(name, limit).tryAcquire("k", 0).remaining())
			.as("the same setting again shares the keys").isEqualTo(6);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fixture().backend().limiter(name, Limit.of(this.algorithm, 20, period)))
			.withMessage("limit '" + name + "' is " + limit + " on this backend and cannot also be "
					+ Limit.of(this.algorithm, 20, period) + ": limiters of one name share the state of every key. "
					+ "Change a limit with RateLimiterRegistry.update, or give the other "
					+ "limit a name of its own");
		LimiterOptions twoTier = LimiterOptions.builder().localTier(LocalTier.twoTier()).build();
		assertThatIllegalArgumentException().isThrownBy(() -> fixture().backend().limiter(name, limit, twoTier))
			.withMessageContaining("is " + limit + " with " + LimiterOptions.defaults())
			.withMessageContaining("cannot also be " + limit + " with " + twoTier);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fixture().backend().limiters(name, List.of(limit, Limit.of(this.algorithm, 20, period)),
					LimiterOptions.defaults()))
			.withMessageContaining("cannot also be plans [" + limit + ", ");
		assertThat(update(name, Limit.of(this.algorithm, 20, period)).tryAcquire("k", 0).limit()).isEqualTo(20);
		assertThat(fixture().backend().limiter(name, Limit.of(this.algorithm, 20, period)).limit().capacity())
			.as("the update is the name's setting").isEqualTo(20);
	}

	private RateLimiter update(String name, Limit limit) {
		return BackendUpdates.update(fixture().backend(), name, List.of(limit), LimiterOptions.defaults()).get(0);
	}

	@Test
	void plansOfOneNameKeepEachKeysStateWhenTheKeyMovesBetweenThem() {
		String name = "plans-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Duration period = Duration.ofSeconds(100);
		List<RateLimiter> plans = fixture().backend()
			.limiters(name, List.of(Limit.of(this.algorithm, 5, period), Limit.of(this.algorithm, 10, period)),
					LimiterOptions.defaults());
		RateLimiter basic = plans.get(0);
		RateLimiter gold = plans.get(1);
		assertThat(basic.tryAcquire("moving", 2).remaining()).isEqualTo(3);
		long upgraded = remainingOfTenAfterTwoOfFive();
		Decision moved = gold.tryAcquire("moving", 1);
		assertThat(moved.isAllowed()).isTrue();
		assertThat(moved.limit()).isEqualTo(10);
		assertThat(moved.remaining()).as("the key's state moved with it").isEqualTo(upgraded - 1);
		assertThat(gold.tryAcquire("moving", upgraded - 1).remaining()).isZero();
		assertThat(gold.tryAcquire("moving", 1).isAllowed()).isFalse();
		Decision downgraded = basic.tryAcquire("moving", 1);
		assertThat(downgraded.isAllowed()).as("a move back does not refill the key").isFalse();
		assertThat(downgraded.limit()).isEqualTo(5);
		assertThat(gold.tryAcquire("gold-only", 10).isAllowed()).isTrue();
		assertThat(basic.tryAcquire("basic-only", 5).isAllowed()).isTrue();
		assertThat(basic.tryAcquire("basic-only", 1).isAllowed()).isFalse();
		assertThat(gold.tryAcquire("gold-only", 1).isAllowed()).isFalse();
	}

	@Test
	void plansOfOneNameMustShareTheAlgorithm() {
		Algorithm other = (this.algorithm == Algorithm.FIXED_WINDOW) ? Algorithm.TOKEN_BUCKET : Algorithm.FIXED_WINDOW;
		Duration period = Duration.ofSeconds(100);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> fixture().backend()
				.limiters("mixed", List.of(Limit.of(this.algorithm, 5, period), Limit.of(other, 10, period)),
						LimiterOptions.defaults()))
			.withMessageContaining("limits of 'mixed' must share one algorithm");
	}

	/**
	 * Returns what a key that took 2 of a limit of 5 per 100 s has left under a limit of 10 per 100 s of its name.
	 * @return the remaining permits
	 */
	protected abstract long remainingOfTenAfterTwoOfFive();

	@Test
	void anAlgorithmChangeStartsEveryKeyAfresh() {
		String name = "switched-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Duration period = Duration.ofSeconds(100);
		fixture().backend().limiter(name, Limit.of(this.algorithm, 10, period)).tryAcquire("busy", 10);
		Algorithm other = (this.algorithm == Algorithm.FIXED_WINDOW) ? Algorithm.TOKEN_BUCKET : Algorithm.FIXED_WINDOW;
		assertThat(update(name, Limit.of(other, 10, period)).tryAcquire("busy", 0).remaining()).isEqualTo(10);
	}

	@Test
	void addedPermitsNeverLeaveMoreThanAFreshKeyHas() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		limiter.addPermits("k", 3);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(3);
		assertThat(limiter.tryAcquire("k", 3).isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
		limiter.addPermits("k", 1_000);
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
	}

	@Test
	void addingPermitsToAKeyWithoutStateChangesNothing() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.addPermits("fresh", 5);
		assertAllowed(limiter.tryAcquire("fresh", 1), 9, this.resetAfterOnePermit);
	}

	@Test
	void addPermitsAsyncGivesPermits() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		limiter.addPermitsAsync("k", 2).toCompletableFuture().join();
		assertThat(limiter.tryAcquire("k", 2).isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
	}

	@Test
	void aRefundOfAGrantGivesItsPermitsBackRightAfterIt() {
		RateLimiter limiter = tenPerHundredSeconds();
		Decision four = limiter.tryAcquire("k", 4);
		Decision six = limiter.tryAcquire("k", 6);
		limiter.refund("k", four);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(4);
		limiter.refundAsync("k", six).toCompletableFuture().join();
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
	}

	/**
	 * Counting after the fact (issue #23): permits taken, a full capacity taken again once theirs has come back (two
	 * periods later, for every algorithm), then the first ones refunded. A refund that gave them back to the current
	 * window would let a second capacity through at once.
	 */
	@Test
	void aRefundOfAGrantWhoseCapacityHasComeBackGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		List<Decision> early = List.of(limiter.tryAcquire("k", 4), limiter.tryAcquire("k", 6));
		this.clock.advance(200_000);
		assertThat(limiter.tryAcquire("k", 10).isAllowed()).isTrue();
		limiter.refund("k", early.get(0));
		limiter.refundAsync("k", early.get(1)).toCompletableFuture().join();
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).as("a second capacity in the same millisecond").isFalse();
		assertThat(limiter.tryAcquire("k", 0).remaining()).isZero();
	}

	@Test
	void aDecisionThatTookNothingGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		Decision denied = limiter.tryAcquire("k", 1);
		limiter.refund("k", denied);
		limiter.refund("k", limiter.tryAcquire("k", 0));
		limiter.refundAsync("k", Decision.allowed(10, 9, 10_000)).toCompletableFuture().join();
		assertThat(denied.receipt()).isEmpty();
		assertThat(limiter.tryAcquire("k", 0).remaining()).isZero();
	}

	@Test
	void aReceiptOfMarksTheLimiterCannotReadGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		Object issuer = MarkedReceipt.in(limiter.tryAcquire("k", 10)).issuer();
		limiter.refund("k",
				Decisions.withReceipt(Decision.allowed(10, 0, 0), MarkedReceipt.issued(issuer, "k", 5, 1, 2, 3)));
		assertThat(limiter.tryAcquire("k", 0).remaining()).isZero();
	}

	@Test
	void aRefundUnderAnotherKeyIsRefusedAndGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		Decision grant = limiter.tryAcquire("k", 4);
		limiter.tryAcquire("other", 10);
		assertRefused(limiter, "other", grant, "key 'other'", "limit '" + limiter.name() + "'", "key 'k'");
		assertThatIllegalArgumentException().as("a key escaped, so that a logged message forges no line")
			.isThrownBy(() -> limiter.refund("forged\nline", grant))
			.withMessageContaining("key 'forged\\nline'");
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(6);
		limiter.refund("k", grant);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(10);
	}

	@Test
	void aRefundThroughALimiterOfAnotherNameOrPlanIsRefusedAndGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		RateLimiter another = tenPerHundredSeconds();
		List<RateLimiter> plans = fixture().backend().limiters(another.name() + "-plans",
				List.of(Limit.of(this.algorithm, 10, Duration.ofSeconds(100)),
						Limit.of(this.algorithm, 20, Duration.ofSeconds(100))),
				LimiterOptions.defaults());
		Decision grant = limiter.tryAcquire("k", 4);
		Decision ofPlan = plans.get(1).tryAcquire("k", 4);
		another.tryAcquire("k", 10);
		plans.get(0).tryAcquire("k", 6);
		assertRefused(another, "k", grant, "limit '" + another.name() + "'", "limit '" + limiter.name() + "'");
		assertRefused(plans.get(0), "k", ofPlan, "limit '" + plans.get(0).name() + "'", "(plan 1 of its limits)");
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(6);
	}

	@Test
	void aRefundOfAReceiptOfAnotherBackendIsRefusedAndGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		try (InMemoryBackend other = InMemoryBackend.builder().clock(this.clock).build()) {
			Decision grant = other.limiter(limiter.name(), limiter.limit()).tryAcquire("k", 4);
			limiter.tryAcquire("k", 10);
			assertRefused(limiter, "k", grant, "limit '" + limiter.name() + "'", "InMemoryBackend@");
		}
	}

	@Test
	void aReceiptMadeOutsideALimiterIsRefused() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		assertRefused(limiter, "k", Decision.of(true, 10, 0, 0, 0, 0, false, false, 0, () -> 5), "no limiter");
		assertRefused(limiter, "k", Decisions.withReceipt(Decision.allowed(10, 0, 0), MarkedReceipt.of(5, 1, 2)),
				"no limiter");
	}

	/**
	 * A limiter asked for again, or updated to other numbers of the same algorithm, is the same issuer: the refund
	 * reads the grant's marks with the limiter's numbers, as the key's state is read.
	 */
	@Test
	void aRefundThroughTheSameLimitAskedForAgainOrUpdatedGivesThePermitsBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		Decision grant = limiter.tryAcquire("k", 4);
		fixture().backend().limiter(limiter.name(), limiter.limit()).refund("k", grant);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(10);
		Decision beforeUpdate = limiter.tryAcquire("k", 4);
		RateLimiter updated = BackendUpdates.update(fixture().backend(), limiter.name(),
				List.of(Limit.of(this.algorithm, 10, Duration.ofSeconds(100))), LimiterOptions.defaults()).get(0);
		updated.refund("k", beforeUpdate);
		assertThat(updated.tryAcquire("k", 0).remaining()).isEqualTo(10);
	}

	/**
	 * An update to another algorithm starts every key afresh: a grant taken before it took from a state that is gone,
	 * so its refund gives nothing back to the new state (the new algorithm would read its marks as its own).
	 */
	@Test
	void aRefundOfAGrantTakenBeforeAChangeOfAlgorithmGivesNothingBack() {
		RateLimiter limiter = tenPerHundredSeconds();
		Decision beforeChange = limiter.tryAcquire("k", 4);
		Algorithm other = (this.algorithm == Algorithm.SLIDING_WINDOW_LOG) ? Algorithm.FIXED_WINDOW
				: Algorithm.SLIDING_WINDOW_LOG;
		RateLimiter changed = BackendUpdates.update(fixture().backend(), limiter.name(),
				List.of(Limit.of(other, 10, Duration.ofSeconds(100))), LimiterOptions.defaults()).get(0);
		assertThat(changed.tryAcquire("k", 10).isAllowed()).as("the key started afresh").isTrue();
		changed.refund("k", beforeChange);
		changed.refundAsync("k", beforeChange).toCompletableFuture().join();
		assertThat(changed.tryAcquire("k", 0).remaining()).isZero();
	}

	/**
	 * Asserts that a refund, and its asynchronous variant, throws naming the limiters and keys, and that the limiter
	 * gives nothing back to the key.
	 */
	private static void assertRefused(RateLimiter limiter, String key, Decision grant, String... named) {
		long remaining = limiter.tryAcquire(key, 0).remaining();
		assertThatIllegalArgumentException().isThrownBy(() -> limiter.refund(key, grant))
			.withMessageContainingAll(named)
			.withMessageContaining("nothing was refunded");
		assertThatIllegalArgumentException().isThrownBy(() -> limiter.refundAsync(key, grant))
			.withMessageContainingAll(named);
		assertThat(limiter.tryAcquire(key, 0).remaining()).as("permits of %s", key).isEqualTo(remaining);
	}

	@Test
	void aResetStartsTheKeyAfresh() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		limiter.tryAcquire("other", 4);
		limiter.reset("k");
		assertAllowed(limiter.tryAcquire("k", 1), 9, this.resetAfterOnePermit);
		limiter.resetAsync("k").toCompletableFuture().join();
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
		assertThat(limiter.tryAcquire("other", 0).remaining()).as("other keys keep their state").isEqualTo(6);
	}

	@Test
	void aPenaltyTakesPermitsEvenBeyondWhatIsLeft() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 8);
		limiter.penalize("k", 5);
		Decision denied = limiter.tryAcquire("k", 1);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.remaining()).isZero();
		limiter.addPermits("k", 3);
		assertThat(limiter.tryAcquire("k", 0).remaining()).as("the debt of 3 is paid back first").isZero();
		limiter.penalizeAsync("fresh", 4).toCompletableFuture().join();
		assertThat(limiter.tryAcquire("fresh", 0).remaining()).isEqualTo(6);
	}

	@Test
	void aPenaltyIsBoundedToOneCapacityBelowEmpty() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.penalize("k", Long.MAX_VALUE);
		Decision denied = limiter.tryAcquire("k", 1);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.retryAfterMillis()).as("the next permit within two periods").isBetween(1L, 200_000L);
		limiter.addPermits("k", 10);
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).as("a debt of one capacity, paid back by 10").isFalse();
		limiter.addPermits("k", 1);
		assertThat(limiter.tryAcquire("k", 0).remaining()).isEqualTo(1);
		limiter.penalize("k", Long.MAX_VALUE);
		this.clock.advance(200_000);
		assertAllowed(limiter.tryAcquire("k", 0), 10, 0);
	}

	@Test
	void adminPermitsBelowOneAreRefusedWithAClearError() {
		RateLimiter limiter = tenPerHundredSeconds();
		assertThatIllegalArgumentException().isThrownBy(() -> limiter.addPermits("k", 0))
			.withMessageContaining("permits of add-permits")
			.withMessageContaining("but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> limiter.penalizeAsync("k", -1))
			.withMessageContaining("permits of penalty")
			.withMessageContaining("but was -1");
	}

	@Test
	void aLongIdleKeyIsFullAgain() {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		this.clock.advance(Duration.ofDays(3650).toMillis());
		assertAllowed(limiter.tryAcquire("k", 1), 9, this.resetAfterOnePermit);
	}

	@Test
	void acquireFailsAtOnceWhenTheWaitDoesNotFit() throws Exception {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("k", 10);
		long started = System.nanoTime();
		Decision denied = limiter.tryAcquire("k", 1, Duration.ofMillis(retryAfterOnceExhausted() - 1));
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(1000);
		assertDenied(denied, 0, retryAfterOnceExhausted(), resetAfterOnceExhausted());
	}

	@Test
	void asyncDecisionsMatchSyncOnes() throws Exception {
		RateLimiter limiter = tenPerHundredSeconds();
		limiter.tryAcquire("sync", 10);
		limiter.tryAcquireAsync("async", 10).toCompletableFuture().get(5, TimeUnit.SECONDS);
		Decision async = limiter.tryAcquireAsync("async", 1).toCompletableFuture().get(5, TimeUnit.SECONDS);
		assertThat(async).isEqualTo(limiter.tryAcquire("sync", 1));
		assertDenied(async, 0, retryAfterOnceExhausted(), resetAfterOnceExhausted());
	}

	@Test
	void severalRatesAllowOnlyWhatEveryRateAllowsAndADenialTakesFromNone() {
		String name = "rates-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Duration fast = Duration.ofSeconds(100);
		Duration slow = Duration.ofSeconds(100_000);
		RateLimiter limiter = fixture().backend()
			.limiter(name, Limit.builder(this.algorithm).rate(3, fast).rate(5, slow).build());
		assertThat(limiter.peek("k")).as("a fresh key: the smaller capacity").isEqualTo(Decision.allowed(3, 3, 0));
		assertReported(limiter.tryAcquire("k", 1), true, 0, 3, 2);
		limiter.tryAcquire("k", 1);
		assertReported(limiter.tryAcquire("k", 1), true, 0, 3, 0);
		Decision fastRefuses = limiter.tryAcquire("k", 1);
		assertReported(fastRefuses, false, 0, 3, 0);
		assertThat(fastRefuses.retryAfterMillis()).isPositive().isLessThanOrEqualTo(2 * fast.toMillis());
		this.clock.advance(2 * fast.toMillis() + 50_000);
		assertReported(limiter.tryAcquire("k", 2), true, 1, 5, 0);
		assertThat(limiter.peek("k")).as("a look reports the rate closest to refusing").isEqualTo(
				Decisions.forRate(Decision.allowed(5, 0, limiter.peek("k").resetAfterMillis()), 1));
		Decision slowRefuses = limiter.tryAcquire("k", 1);
		assertReported(slowRefuses, false, 1, 5, 0);
		assertThat(slowRefuses.retryAfterMillis()).isGreaterThan(2 * fast.toMillis());
		RateLimiter fastOnly = update(name, Limit.of(this.algorithm, 3, fast));
		assertAllowed(fastOnly.tryAcquire("k", 1), 0, fastOnly.peek("k").resetAfterMillis());
	}

	@Test
	void aDenialOfSeveralRatesReportsTheFewestPermitsLeftAndTheLatestRetryAfter() {
		String name = "latest-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		RateLimiter limiter = fixture().backend().limiter(name, Limit.builder(this.algorithm)
			.rate(4, Duration.ofSeconds(1000)).rate(3, Duration.ofSeconds(10)).build());
		assertReported(limiter.tryAcquire("k", 2), true, 1, 3, 1);
		Decision denied = limiter.tryAcquire("k", 3);
		assertReported(denied, false, 1, 3, 1);
		assertThat(denied.retryAfterMillis()).as("the slow rate's, which refuses longer").isGreaterThan(100_000);
		assertThatIllegalArgumentException().isThrownBy(() -> limiter.tryAcquire("k", 4))
			.withMessageContaining("capacity 3");
	}

	@Test
	void aLimitThatGainsARateKeepsTheStateOfItsFirst() {
		String name = "gained-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		Duration period = Duration.ofSeconds(100);
		fixture().backend().limiter(name, Limit.of(this.algorithm, 10, period)).tryAcquire("busy", 8);
		RateLimiter gained = update(name,
				Limit.builder(this.algorithm).rate(10, period).rate(50, Duration.ofSeconds(10_000)).build());
		assertReported(gained.tryAcquire("busy", 1), true, 0, 10, 1);
		assertReported(gained.tryAcquire("fresh", 1), true, 0, 10, 9);
	}

	@Test
	void acquireOfSeveralRatesReservesNothingAndFailsAtOnceWhenTheWaitDoesNotFit() throws Exception {
		String name = "waits-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		RateLimiter limiter = fixture().backend().limiter(name, Limit.builder(this.algorithm)
			.rate(2, Duration.ofSeconds(100)).rate(4, Duration.ofSeconds(1000)).build());
		limiter.tryAcquire("k", 2);
		assertThat(decide(limiter, "k", 1, 1_000_000).isAllowed()).as("no reservation").isFalse();
		long started = System.nanoTime();
		Decision denied = limiter.tryAcquire("k", 1, Duration.ofSeconds(1));
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(1000);
		assertReported(denied, false, 0, 2, 0);
	}

	@Test
	void adminOperationsApplyToEveryRateOfALimit() {
		String name = "admin-rates-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		RateLimiter limiter = fixture().backend().limiter(name, Limit.builder(this.algorithm)
			.rate(3, Duration.ofSeconds(100)).rate(5, Duration.ofSeconds(100_000)).build());
		limiter.tryAcquire("k", 3);
		limiter.addPermits("k", 1);
		assertReported(limiter.tryAcquire("k", 1), true, 0, 3, 0);
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isFalse();
		limiter.reset("k");
		assertReported(limiter.tryAcquire("k", 3), true, 0, 3, 0);
		limiter.penalize("k", 2);
		this.clock.advance(250_000);
		Decision slowRateRefuses = limiter.tryAcquire("k", 1);
		assertThat(slowRateRefuses.isAllowed()).as("%s", slowRateRefuses).isFalse();
		assertThat(slowRateRefuses.rate()).isEqualTo(1);
	}

	@Test
	void aRefundOfSeveralRatesGivesEachRateBackWhatTheGrantStillHoldsThere() {
		String name = "refund-rates-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
		RateLimiter limiter = fixture().backend().limiter(name, Limit.builder(this.algorithm)
			.rate(3, Duration.ofSeconds(100)).rate(5, Duration.ofSeconds(100_000)).build());
		Decision early = limiter.tryAcquire("k", 3);
		limiter.refund("k", limiter.tryAcquire("k", 0));
		this.clock.advance(200_000);
		assertReported(limiter.tryAcquire("k", 2), true, 1, 5, 0);
		limiter.refund("k", early);
		Decision firstRateRefuses = limiter.tryAcquire("k", 2);
		assertThat(firstRateRefuses.isAllowed()).as("the first rate's capacity came back: nothing more there, %s",
				firstRateRefuses).isFalse();
		assertThat(firstRateRefuses.rate()).isEqualTo(0);
		assertReported(limiter.tryAcquire("k", 1), true, 0, 3, 0);
		this.clock.advance(200_000);
		assertThat(limiter.tryAcquire("k", 2).isAllowed()).as("the slow rate got the early permits back").isTrue();
	}

	private static void assertReported(Decision decision, boolean allowed, int rate, long limit, long remaining) {
		assertThat(decision.isAllowed()).as("%s allowed", decision).isEqualTo(allowed);
		assertThat(decision.rate()).as("%s reported rate", decision).isEqualTo(rate);
		assertThat(decision.limit()).as("%s limit", decision).isEqualTo(limit);
		assertThat(decision.remaining()).as("%s remaining", decision).isEqualTo(remaining);
	}

	/**
	 * Decides a request with a reservation window, below {@link RateLimiter#tryAcquire}, which would wait for real.
	 * @param limiter a limiter of the backend under test
	 * @param key the key
	 * @param permits the permits
	 * @param maxWaitMillis how far ahead permits may be reserved
	 * @return the decision
	 */
	protected static Decision decide(RateLimiter limiter, String key, long permits, long maxWaitMillis) {
		return ((DefaultRateLimiter) limiter).source().decide(key, permits, maxWaitMillis);
	}

	/**
	 * Returns a decision whose receipt, if any, has the same permits and marks but no issuer, so that decisions of
	 * two limiters compare equal when they took alike.
	 * @param decision the decision
	 * @return the decision without the issuer of its receipt
	 */
	protected static Decision unissued(Decision decision) {
		MarkedReceipt receipt = MarkedReceipt.in(decision);
		return (receipt != null) ? Decisions.withReceipt(decision, MarkedReceipt.of(receipt.permits(),
				IntStream.range(0, receipt.size()).mapToLong(receipt::mark).toArray())) : decision;
	}

	/**
	 * Asserts an allowed decision, whatever its receipt.
	 * @param decision the decision
	 * @param remaining the expected remaining permits
	 * @param resetAfterMillis the expected reset-after
	 */
	protected static void assertAllowed(Decision decision, long remaining, long resetAfterMillis) {
		Decision expected = Decision.allowed(decision.limit(), remaining, resetAfterMillis);
		assertThat(decision).isEqualTo(decision.receipt()
			.map((receipt) -> Decisions.withReceipt(expected, receipt))
			.orElse(expected));
	}

	/**
	 * Asserts a denied decision.
	 * @param decision the decision
	 * @param remaining the expected remaining permits
	 * @param retryAfterMillis the expected retry-after
	 * @param resetAfterMillis the expected reset-after
	 */
	protected static void assertDenied(Decision decision, long remaining, long retryAfterMillis,
			long resetAfterMillis) {
		Decision expected = Decision.denied(decision.limit(), remaining, retryAfterMillis, resetAfterMillis);
		assertThat(decision).isEqualTo(decision.isLocal() ? Decisions.local(expected) : expected);
	}

}
