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
 * renew, since a holder that dies takes the counts with it. A take and a release are one atomic instruction each on
 * the key's {@link InFlightCount}, and allocate nothing once the key has a count ({@link InFlightCounts} keeps idle
 * ones) beyond the {@link InMemoryPermit}, which a caller that closes it where it took it may not allocate either.
 */
public final class InMemoryConcurrencyLimiter implements ConcurrencyLimiter {

	private final String name;

	private final ConcurrencyLimit limit;

	private final InFlightCounts counts = new InFlightCounts();

	private final LimiterObserver observer;

	private final boolean observed;

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
		this.observed = observer != LimiterObserver.NONE;
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
		InFlightCount count;
		long taken;
		do {
			count = this.counts.countOf(key);
			taken = count.tryTake(this.limit.maxInFlight());
		}
		while (taken == InFlightCount.RETIRED);
		// one place that makes the answer, a permit or a denial, so that the JIT may replace it by its fields
		InMemoryPermit permit = new InMemoryPermit(this, (taken > 0) ? count : null, Math.abs(taken),
				(this.observed && taken > 0) ? System.nanoTime() : 0);
		this.observer.onConcurrencyDecision(this.name, this.limit, permit, 0);
		return permit;
	}

	/**
	 * Returns a permit to its count and tells the observer; called once per permit.
	 * @param count the count the permit was taken on
	 * @param grantedNanos when it was granted
	 */
	void release(InFlightCount count, long grantedNanos) {
		this.counts.release(count);
		if (this.observed) {
			this.observer.onPermitRelease(this.name, this.limit, System.nanoTime() - grantedNanos, true);
		}
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
