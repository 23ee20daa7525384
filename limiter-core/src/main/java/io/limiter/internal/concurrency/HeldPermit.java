package io.limiter.internal.concurrency;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyPermit;
import io.limiter.LimiterObserver;

/**
 * A granted permit: its first close or release hands the release to the backend, which sends it without the caller
 * waiting, and tells the observer once the backend answered it; every close or release returns a complete stage.
 */
final class HeldPermit implements ConcurrencyPermit {

	private static final CompletionStage<Void> RELEASED = CompletableFuture.completedStage(null);

	private final String name;

	private final ConcurrencyLimit limit;

	private final long inFlight;

	private final boolean degraded;

	private final Supplier<CompletionStage<Boolean>> release;

	private final LimiterObserver observer;

	private final long grantedNanos = System.nanoTime();

	private final AtomicBoolean released = new AtomicBoolean();

	/**
	 * Creates a permit.
	 * @param name the limit's name
	 * @param limit the limit
	 * @param inFlight the permits in flight with this one
	 * @param degraded whether the failure policy granted it
	 * @param release hands the permit back without waiting for the backend: the stage completes with {@code true}
	 * when the backend took it back, {@code false} when it is left to its lease; never exceptionally
	 * @param observer told of the release
	 */
	HeldPermit(String name, ConcurrencyLimit limit, long inFlight, boolean degraded,
			Supplier<CompletionStage<Boolean>> release, LimiterObserver observer) {
		this.name = name;
		this.limit = limit;
		this.inFlight = inFlight;
		this.degraded = degraded;
		this.release = release;
		this.observer = observer;
	}

	@Override
	public boolean isAllowed() {
		return true;
	}

	@Override
	public long inFlight() {
		return this.inFlight;
	}

	@Override
	public long limit() {
		return this.limit.maxInFlight();
	}

	@Override
	public boolean isDegraded() {
		return this.degraded;
	}

	@Override
	public CompletionStage<Void> releaseAsync() {
		if (this.released.compareAndSet(false, true)) {
			long heldNanos = System.nanoTime() - this.grantedNanos;
			this.release.get().whenComplete((returned, failure) -> this.observer.onPermitRelease(this.name,
					this.limit, heldNanos, Boolean.TRUE.equals(returned)));
		}
		return RELEASED;
	}

	@Override
	public void close() {
		releaseAsync();
	}

	@Override
	public String toString() {
		return "allowed, " + this.inFlight + " of " + this.limit.maxInFlight() + " in flight"
				+ (this.degraded ? ", degraded" : "");
	}

}
