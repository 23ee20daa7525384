package io.limiter.internal.concurrency;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyPermit;
import io.limiter.LimiterObserver;

/**
 * A granted permit: its first close or release runs the release once and tells the observer; later ones return the
 * first one's stage.
 */
final class HeldPermit implements ConcurrencyPermit {

	private final String name;

	private final ConcurrencyLimit limit;

	private final long inFlight;

	private final boolean degraded;

	private final Supplier<CompletionStage<Boolean>> release;

	private final long closeWaitMillis;

	private final LimiterObserver observer;

	private final long grantedNanos = System.nanoTime();

	private final AtomicReference<CompletableFuture<Void>> released = new AtomicReference<>();

	/**
	 * Creates a permit.
	 * @param name the limit's name
	 * @param limit the limit
	 * @param inFlight the permits in flight with this one
	 * @param degraded whether the failure policy granted it
	 * @param release gives the permit back: completes with {@code true} when the backend took it back,
	 * {@code false} when it is left to its lease; never exceptionally
	 * @param closeWaitMillis the longest {@link #close()} waits for the release
	 * @param observer told of the release
	 */
	HeldPermit(String name, ConcurrencyLimit limit, long inFlight, boolean degraded,
			Supplier<CompletionStage<Boolean>> release, long closeWaitMillis, LimiterObserver observer) {
		this.name = name;
		this.limit = limit;
		this.inFlight = inFlight;
		this.degraded = degraded;
		this.release = release;
		this.closeWaitMillis = closeWaitMillis;
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
		CompletableFuture<Void> done = this.released.get();
		if (done != null) {
			return done.minimalCompletionStage();
		}
		CompletableFuture<Void> mine = new CompletableFuture<>();
		if (!this.released.compareAndSet(null, mine)) {
			return this.released.get().minimalCompletionStage();
		}
		this.release.get().whenComplete((returned, failure) -> {
			this.observer.onPermitRelease(this.name, this.limit, System.nanoTime() - this.grantedNanos,
					Boolean.TRUE.equals(returned));
			mine.complete(null);
		});
		return mine.minimalCompletionStage();
	}

	@Override
	public void close() {
		try {
			releaseAsync().toCompletableFuture().get(this.closeWaitMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException | TimeoutException ex) {
			// the release goes on in the background, or the permit is left to its lease
		}
	}

	@Override
	public String toString() {
		return "allowed, " + this.inFlight + " of " + this.limit.maxInFlight() + " in flight"
				+ (this.degraded ? ", degraded" : "");
	}

}
