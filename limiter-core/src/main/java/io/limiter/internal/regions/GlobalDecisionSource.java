package io.limiter.internal.regions;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.GlobalBudget;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterObserver;
import io.limiter.MissPolicy;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.Waits;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.redis.RedisCalls;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * Decides one global limit in a region: one call of {@code region-spend.lua} on the region's Redis takes the cost from
 * the key's pool, and elects this caller to borrow for the region when the pool falls below its low-water mark; the
 * borrow runs off the request path ({@link PoolBorrows}). A request the pool cannot cover is a miss, decided by the
 * {@link MissPolicy}; a request for more than the loan ceiling, or one that may wait for permits the pool does not hold,
 * and every look, are decided at the home by {@code token-bucket.lua} on the home's bucket.
 * <p>
 * Failures of the region's Redis go through as {@link LimiterBackendException}s, for the backend's failure policy in
 * front. Failures of the home are this source's: the limit's policy decides, {@link FailurePolicy#LOCAL_FALLBACK} with
 * the region's share ({@link RegionShare}), and the decision is marked degraded.
 */
public final class GlobalDecisionSource implements DecisionSource {

	/** The third mark of a receipt of a grant from the pool, after its epoch and lease end. */
	private static final long POOL_MARK = 1;

	private final String name;

	private final String region;

	private final GlobalTerms terms;

	private final GlobalBudget budget;

	private final FailurePolicy policy;

	private final RegionKeys keys;

	private final ScriptExecutor regionScripts;

	private final RedisDecisionSource atHome;

	private final CircuitBreaker homeBreaker;

	private final PoolBorrows borrows;

	private final RegionShare share;

	private final LimiterObserver observer;

	private final Waits waits;

	private final long syncWaitMillis;

	GlobalDecisionSource(String name, String region, GlobalTerms terms, GlobalBudget budget, FailurePolicy policy,
			RegionKeys keys, ScriptExecutor regionScripts, RedisDecisionSource atHome, CircuitBreaker homeBreaker,
			PoolBorrows borrows, RegionShare share, LimiterObserver observer, Waits waits, Duration syncWait) {
		this.name = name;
		this.region = region;
		this.terms = terms;
		this.budget = budget;
		this.policy = policy;
		this.keys = keys;
		this.regionScripts = regionScripts;
		this.atHome = atHome;
		this.homeBreaker = homeBreaker;
		this.borrows = borrows;
		this.share = share;
		this.observer = observer;
		this.waits = waits;
		this.syncWaitMillis = syncWait.toMillis();
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		return RedisCalls.await(decideAsync(key, permits, maxWaitMillis), this.syncWaitMillis, this.name);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		long need = permits * this.terms.period();
		if (need > this.terms.ceilingTicks()) {
			return atHome(key, permits, maxWaitMillis);
		}
		return spend(key, need).thenCompose((answer) -> decided(key, permits, maxWaitMillis, answer, true));
	}

	private CompletionStage<PoolAnswer> spend(String key, long need) {
		return this.regionScripts
			.execute(RegionScripts.SPEND, this.keys.pool(key), this.terms.capacityArg(), this.terms.periodArg(),
					Long.toString(need), "-1", this.terms.lockArg(), this.terms.safetyArg(), freshEpoch())
			.handle((reply, failure) -> {
				if (failure != null) {
					throw RedisCalls.failure(this.name, failure);
				}
				return PoolAnswer.of(reply);
			});
	}

	/** A pool's epoch: a random 52-bit number, exact in the scripts' doubles, never 0. */
	private static String freshEpoch() {
		return Long.toString(ThreadLocalRandom.current().nextLong(1, 1L << 52));
	}

	/**
	 * Decides after a call of {@code region-spend.lua}: a grant, a denial, or a miss, which may wait for a borrow and
	 * then ask the pool once more ({@code mayWait} false).
	 */
	private CompletionStage<Decision> decided(String key, long permits, long maxWaitMillis, PoolAnswer answer,
			boolean mayWait) {
		if (answer.dropped() > 0) {
			this.observer.onLoanExpired(this.name, this.region, answer.dropped() / this.terms.period());
		}
		long need = permits * this.terms.period();
		CompletableFuture<BorrowOutcome> elected = answer.elected()
				? this.borrows.start(key, answer, Math.max(need, this.terms.period())) : null;
		if (answer.taken() == need) {
			return CompletableFuture.completedFuture(granted(answer, permits));
		}
		if (answer.refused()) {
			return CompletableFuture.completedFuture(denied(answer, answer.retryMillis()));
		}
		if (maxWaitMillis > 0) {
			return atHome(key, permits, maxWaitMillis);
		}
		// after its borrow, under DENY, or while the pool's last loan was less than asked for (the demand outruns what
		// the home lends) a miss is refused at once, as one region refuses what its budget cannot cover, and the borrow
		// it elected goes on off the request path; the failure policy decides while the home's breaker is open
		if (!mayWait || this.budget.onMiss() == MissPolicy.DENY
				|| (answer.shortLoan() && answer.leaseEnd() > answer.nowMillis())) {
			return this.homeBreaker.isOpen()
					? onHomeFailure(key, permits, new LimiterBackendException("the circuit breaker of the home is open "
							+ "after repeated failures", null, DegradedReason.CIRCUIT_OPEN))
					: CompletableFuture.completedFuture(denied(answer, answer.retryMillis()));
		}
		CompletableFuture<BorrowOutcome> borrow = (elected != null) ? elected : this.borrows.inFlight(key);
		if (borrow == null) {
			// another instance borrows for the region: its loan lands within about one borrow latency
			return this.waits.after(answer.retryMillis())
				.thenCompose((waited) -> spend(key, need))
				.thenCompose((again) -> decided(key, permits, 0, again, false));
		}
		return borrow.thenCompose((outcome) -> {
			if (outcome.isFailed()) {
				return onHomeFailure(key, permits, outcome.failure());
			}
			if (outcome.isRefused()) {
				return CompletableFuture.completedFuture(denied(answer, outcome.retryMillis()));
			}
			return spend(key, need).thenCompose((again) -> decided(key, permits, 0, again, false));
		});
	}

	private Decision granted(PoolAnswer answer, long permits) {
		Decision grant = Decision.allowed(this.terms.capacity(), answer.remaining(), answer.resetMillis());
		return (permits == 0) ? grant : Decisions.withReceipt(grant,
				MarkedReceipt.of(permits, answer.epoch(), answer.leaseEnd(), POOL_MARK));
	}

	private Decision denied(PoolAnswer answer, long retryMillis) {
		return Decision.denied(this.terms.capacity(), answer.remaining(), Math.max(1, retryMillis),
				answer.resetMillis());
	}

	/** Decides at the home, one cross-region round trip, with the policy when the home fails. */
	private CompletionStage<Decision> atHome(String key, long permits, long maxWaitMillis) {
		return this.atHome.decideAsync(key, permits, maxWaitMillis)
			.handle((decision, failure) -> (failure == null) ? CompletableFuture.completedFuture(decision)
					: onHomeFailure(key, permits, RedisCalls.failure(this.name, failure)))
			.thenCompose((decision) -> decision);
	}

	private CompletionStage<Decision> onHomeFailure(String key, long permits, LimiterBackendException failure) {
		this.observer.onBackendFailure(this.name, this.policy, failure.reason(), failure);
		return switch (this.policy) {
			case FAIL_OPEN -> CompletableFuture.completedFuture(Decisions.degraded(
					Decision.allowed(this.terms.capacity(), this.terms.capacity() - permits, 0)));
			case FAIL_CLOSED -> CompletableFuture.completedFuture(Decisions.degraded(Decision.denied(
					this.terms.capacity(), 0, Math.max(1, Math.min(this.homeBreaker.isOpen()
							? this.homeBreaker.millisUntilProbe() : this.homeBreaker.openMillis(), this.terms.period())),
					0)));
			case LOCAL_FALLBACK -> this.share.decide(key, permits).thenApply(Decisions::degraded);
		};
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A look at the home's bucket: what the home has not lent.
	 */
	@Override
	public Decision peek(String key) {
		return this.atHome.peek(key);
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		return RedisCalls.await(adjustAsync(key, operation, permits), this.syncWaitMillis, this.name);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * The region's pool is drained and given back to the home first, so that the operation holds here at once; then
	 * it applies at the home. With the home unreachable, {@link FailurePolicy#LOCAL_FALLBACK} applies it to the
	 * region's share ({@link AdminOperation.Outcome#FALLBACK}); the other policies let the failure through.
	 */
	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		return pool(key, "drain", 0, 0, 0).thenCompose((drained) -> {
			long held = PoolAnswer.number(drained, 0);
			CompletionStage<?> givenBack = (held > 0) ? giveBack(key, PoolAnswer.number(drained, 2), held)
					: CompletableFuture.completedFuture(null);
			return givenBack.thenCompose((done) -> this.atHome.adjustAsync(key, operation, permits))
				.handle((outcome, failure) -> (failure == null) ? CompletableFuture.completedFuture(outcome)
						: onHomeAdjustFailure(key, operation, permits, failure))
				.thenCompose((outcome) -> outcome);
		});
	}

	private CompletionStage<AdminOperation.Outcome> onHomeAdjustFailure(String key, AdminOperation operation,
			long permits, Throwable failure) {
		if (this.policy != FailurePolicy.LOCAL_FALLBACK) {
			throw RedisCalls.failure(this.name, failure);
		}
		return this.share.adjust(key, operation, permits).thenApply((done) -> AdminOperation.Outcome.FALLBACK);
	}

	private CompletionStage<Void> giveBack(String key, long epoch, long ticks) {
		return this.borrows.giveBack(key, epoch, ticks).thenAccept((given) -> {
			if (given > 0) {
				this.observer.onLoanReturned(this.name, this.region, given / this.terms.period());
			}
		});
	}

	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		return RedisCalls.await(refundAsync(key, receipt), this.syncWaitMillis, this.name);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A grant from the pool goes back into the pool while it is the pool of the grant's epoch and lease; a grant of the
	 * home goes back to the home.
	 */
	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		if (receipt.size() == 3 && receipt.mark(2) == POOL_MARK) {
			return pool(key, "refund", receipt.permits() * this.terms.period(), receipt.mark(0), receipt.mark(1))
				.thenApply((reply) -> AdminOperation.Outcome.APPLIED);
		}
		return this.atHome.refundAsync(key, receipt).handle((outcome, failure) -> {
			if (failure == null) {
				return outcome;
			}
			if (this.policy != FailurePolicy.LOCAL_FALLBACK) {
				throw RedisCalls.failure(this.name, failure);
			}
			return AdminOperation.Outcome.FALLBACK;
		});
	}

	/** Runs {@code region-adjust.lua} on the key's pool. */
	CompletionStage<List<Object>> pool(String key, String operation, long ticks, long epoch, long leaseEnd) {
		return this.regionScripts
			.execute(RegionScripts.ADJUST, this.keys.pool(key), this.terms.capacityArg(), this.terms.periodArg(),
					Long.toString(ticks), "-1", operation, Long.toString(epoch), Long.toString(leaseEnd))
			.handle((reply, failure) -> {
				if (failure != null) {
					throw RedisCalls.failure(this.name, failure);
				}
				return reply;
			});
	}

}
