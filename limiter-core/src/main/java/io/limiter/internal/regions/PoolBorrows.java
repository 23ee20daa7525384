package io.limiter.internal.regions;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

import io.limiter.LimiterBackendException;
import io.limiter.LimiterObserver;
import io.limiter.internal.StateKeys;
import io.limiter.internal.redis.RedisCalls;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * The borrows of one global limit from the home, off the request path: an elected caller's snapshot of the pool is
 * lent against at the home ({@code token-bucket-lend.lua}), and the answer lands in the pool
 * ({@code region-credit.lua}). A borrow runs on the threads that complete the two calls; a request that elected it
 * does not wait for it unless its pool could not cover it.
 * <p>
 * The borrows in flight are kept by key, so that a request of this instance that the pool cannot cover waits for
 * the one already under way; each entry lives as long as its borrow, at most two calls' deadlines.
 */
final class PoolBorrows {

	private final String name;

	private final String region;

	private final GlobalTerms terms;

	private final RegionKeys keys;

	private final ScriptExecutor regionScripts;

	private final ScriptExecutor homeScripts;

	private final IntSupplier regions;

	private final LimiterObserver observer;

	private final Map<String, CompletableFuture<BorrowOutcome>> inFlight = new ConcurrentHashMap<>();

	PoolBorrows(String name, String region, GlobalTerms terms, RegionKeys keys, ScriptExecutor regionScripts,
			ScriptExecutor homeScripts, IntSupplier regions, LimiterObserver observer) {
		this.name = name;
		this.region = region;
		this.terms = terms;
		this.keys = keys;
		this.regionScripts = regionScripts;
		this.homeScripts = homeScripts;
		this.regions = regions;
		this.observer = observer;
	}

	/**
	 * Returns the borrow of this instance in flight for a key.
	 * @param key the user's key
	 * @return the borrow, or {@code null} when none is in flight here
	 */
	CompletableFuture<BorrowOutcome> inFlight(String key) {
		return this.inFlight.get(StateKeys.memoryKey(key));
	}

	/**
	 * Starts the borrow that a decision elected this caller for.
	 * @param key the user's key
	 * @param snapshot the pool as the electing decision left it
	 * @param need the fewest ticks worth a loan: the electing request's cost, at least one permit
	 * @return the borrow's outcome; it never fails
	 */
	CompletableFuture<BorrowOutcome> start(String key, PoolAnswer snapshot, long need) {
		long started = System.nanoTime();
		long want = this.terms.wholePermits(Math.min(this.terms.ceilingTicks(), (snapshot.demandPerSecond() == 0)
				? Math.max(need, this.terms.initialBorrowTicks())
				: Math.max(need, 2 * snapshot.lowWater() - snapshot.held())));
		String memoryKey = StateKeys.memoryKey(key);
		CompletableFuture<BorrowOutcome> borrow = this.homeScripts
			.execute(RegionScripts.LEND, this.keys.home(key), this.terms.capacityArg(), this.terms.periodArg(),
					Long.toString(want), "-1", Long.toString(Math.min(need, want)), this.region,
					Long.toString(snapshot.epoch()), Long.toString(snapshot.seq()), Long.toString(snapshot.held()),
					this.terms.leaseArg(), Long.toString(this.terms.ceilingTicks()))
			.thenCompose((lend) -> credit(key, snapshot, want, lend, started))
			.handle((outcome, failure) -> {
				if (failure == null) {
					return outcome;
				}
				LimiterBackendException error = RedisCalls.failure(this.name, failure);
				this.observer.onBorrowFailure(this.name, error.reason(), error);
				return BorrowOutcome.failed(error);
			})
			.toCompletableFuture();
		this.inFlight.put(memoryKey, borrow);
		borrow.whenComplete((outcome, failure) -> this.inFlight.remove(memoryKey, borrow));
		return borrow;
	}

	/**
	 * Gives a drained pool's ticks back to the home, which credits at most what its record of this region's epoch
	 * counts, up to a full bucket.
	 * @param key the user's key
	 * @param epoch the pool's epoch
	 * @param ticks the ticks drained
	 * @return the ticks the home took back
	 */
	CompletionStage<Long> giveBack(String key, long epoch, long ticks) {
		return this.homeScripts
			.execute(RegionScripts.LEND, this.keys.home(key), this.terms.capacityArg(), this.terms.periodArg(),
					Long.toString(-ticks), "-1", "0", this.region, Long.toString(epoch), "0", "0",
					this.terms.leaseArg(), Long.toString(this.terms.ceilingTicks()))
			.thenApply((reply) -> -PoolAnswer.number(reply, 0));
	}

	private CompletableFuture<BorrowOutcome> credit(String key, PoolAnswer snapshot, long want, List<Object> lend,
			long started) {
		long lent = PoolAnswer.number(lend, 0);
		long retry = (lent > 0) ? 0 : Math.max(1, PoolAnswer.number(lend, 2));
		reportReclaims(lend);
		return this.regionScripts
			.execute(RegionScripts.CREDIT, this.keys.poolAndShare(key), this.terms.capacityArg(),
					this.terms.periodArg(), Long.toString(lent), "-1", this.terms.leaseArg(),
					Long.toString(snapshot.epoch()), Long.toString(snapshot.seq()),
					Long.toString(PoolAnswer.number(lend, 1)), Long.toString(snapshot.nowMillis()),
					Long.toString(snapshot.spent()), Long.toString(PoolAnswer.number(lend, 3)), Long.toString(retry),
					Long.toString(this.terms.shareCapacity(this.regions.getAsInt())), Long.toString(want))
			.thenApply((landing) -> {
				long lost = PoolAnswer.number(landing, 1);
				this.observer.onLoan(this.name, this.region, lent / this.terms.period(), System.nanoTime() - started);
				if (lost > 0) {
					this.observer.onLoanExpired(this.name, this.region, lost / this.terms.period());
				}
				return (retry > 0) ? BorrowOutcome.refused(retry)
						: BorrowOutcome.landedOrLost(PoolAnswer.number(landing, 0) == 1);
			})
			.toCompletableFuture();
	}

	private void reportReclaims(List<Object> lend) {
		long reclaimed = PoolAnswer.number(lend, 5);
		for (int i = 0; i < reclaimed; i++) {
			this.observer.onLoanReclaimed(this.name, (String) lend.get(6 + 2 * i),
					PoolAnswer.number(lend, 7 + 2 * i) / this.terms.period());
		}
	}

}
