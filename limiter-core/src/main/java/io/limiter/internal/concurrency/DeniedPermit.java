package io.limiter.internal.concurrency;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.ConcurrencyPermit;

/**
 * A denial: holds nothing, so closing it does nothing.
 */
final class DeniedPermit implements ConcurrencyPermit {

	private static final CompletableFuture<Void> RELEASED = CompletableFuture.completedFuture(null);

	private final long inFlight;

	private final long limit;

	private final boolean degraded;

	DeniedPermit(long inFlight, long limit, boolean degraded) {
		this.inFlight = inFlight;
		this.limit = limit;
		this.degraded = degraded;
	}

	@Override
	public boolean isAllowed() {
		return false;
	}

	@Override
	public long inFlight() {
		return this.inFlight;
	}

	@Override
	public long limit() {
		return this.limit;
	}

	@Override
	public boolean isDegraded() {
		return this.degraded;
	}

	@Override
	public CompletionStage<Void> releaseAsync() {
		return RELEASED.minimalCompletionStage();
	}

	@Override
	public void close() {
	}

	@Override
	public String toString() {
		return "denied, " + this.inFlight + " of " + this.limit + " in flight" + (this.degraded ? ", degraded" : "");
	}

}
