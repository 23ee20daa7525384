package io.limiter.internal.concurrency;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.ConcurrencyPermit;

/**
 * The answer of {@link InMemoryConcurrencyLimiter}, a permit or a denial alike: its first close or release returns
 * the permit to the count it was taken on, at once; later ones and a denial's do nothing. It holds nothing the next
 * permit could reuse, so a permit closed twice cannot return another's; and it is one object made in one place, so
 * that a caller who takes and closes it in one method, as try-with-resources does, may have it never allocated (the
 * JIT's escape analysis replaces it by its fields).
 */
final class InMemoryPermit implements ConcurrencyPermit {

	private static final CompletionStage<Void> RELEASED = CompletableFuture.completedStage(null);

	private final InMemoryConcurrencyLimiter limiter;

	private final InFlightCount count;

	private final long inFlight;

	private final long grantedNanos;

	/** Guarded by this permit's monitor. */
	private boolean closed;

	/**
	 * Creates the answer.
	 * @param limiter the limiter, told of the release
	 * @param count the count the permit was taken on, {@code null} for a denial
	 * @param inFlight the permits in flight with this one, or those that refused it
	 * @param grantedNanos when it was granted, for the observer
	 */
	InMemoryPermit(InMemoryConcurrencyLimiter limiter, InFlightCount count, long inFlight, long grantedNanos) {
		this.limiter = limiter;
		this.count = count;
		this.inFlight = inFlight;
		this.grantedNanos = grantedNanos;
	}

	@Override
	public boolean isAllowed() {
		return this.count != null;
	}

	@Override
	public long inFlight() {
		return this.inFlight;
	}

	@Override
	public long limit() {
		return this.limiter.limit().maxInFlight();
	}

	@Override
	public boolean isDegraded() {
		return false;
	}

	@Override
	public CompletionStage<Void> releaseAsync() {
		close();
		return RELEASED;
	}

	@Override
	public void close() {
		if (this.count != null && closeOnce()) {
			this.limiter.release(this.count, this.grantedNanos);
		}
	}

	/**
	 * Marks the permit closed, once. A monitor rather than a compare-and-set: the JIT removes the lock of a permit
	 * that never leaves its caller's method, and with it the permit, where an atomic instruction on the permit would
	 * keep it allocated.
	 */
	private synchronized boolean closeOnce() {
		if (this.closed) {
			return false;
		}
		this.closed = true;
		return true;
	}

	@Override
	public String toString() {
		return (isAllowed() ? "allowed, " : "denied, ") + this.inFlight + " of " + limit() + " in flight";
	}

}
