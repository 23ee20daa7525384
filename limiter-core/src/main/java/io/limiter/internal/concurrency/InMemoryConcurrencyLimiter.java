package io.limiter.internal.concurrency;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.LimiterObserver;

/**
 * A concurrency limit in this process: a count per key. A permit counts until it is closed; there is no lease to
 * renew, since a holder that dies takes the counts with it.
 */
public final class InMemoryConcurrencyLimiter implements ConcurrencyLimiter {

	private static final CompletableFuture<Boolean> RETURNED = CompletableFuture.completedFuture(true);

	private final String name;

	private final ConcurrencyLimit limit;

	private final InFlightCounts counts = new InFlightCounts();

	private final LimiterObserver observer;

	/**
	 * Creates a limiter.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param observer told of every decision and release
	 */
	public InMemoryConcurrencyLimiter(String name, ConcurrencyLimit limit, LimiterObserver observer) {
		this.name = name;
		this.limit = limit;
		this.observer = observer;
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public ConcurrencyLimit limit() {
		return this.limit;
	}

	@Override
	public ConcurrencyPermit tryAcquire(String key) {
		Objects.requireNonNull(key, "key must not be null");
		InFlightCounts.Taken taken = this.counts.tryTake(key, this.limit.maxInFlight());
		ConcurrencyPermit permit = taken.taken() ? new HeldPermit(this.name, this.limit, taken.inFlight(), false,
				() -> release(key), this.observer)
				: new DeniedPermit(taken.inFlight(), this.limit.maxInFlight(), false);
		this.observer.onConcurrencyDecision(this.name, this.limit, permit, 0);
		return permit;
	}

	private CompletionStage<Boolean> release(String key) {
		this.counts.release(key);
		return RETURNED;
	}

	@Override
	public CompletionStage<ConcurrencyPermit> tryAcquireAsync(String key) {
		return CompletableFuture.completedFuture(tryAcquire(key));
	}

	@Override
	public long inFlight(String key) {
		Objects.requireNonNull(key, "key must not be null");
		return this.counts.inFlight(key);
	}

}
