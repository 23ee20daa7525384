package io.limiter.spring.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.limiter.ConcurrencyPermit;

/**
 * The concurrency permits one request or call holds while it runs, released together when it ends, however it ends.
 * Thread-safe: a permit that arrives after the release (a grant that Redis answered after the exchange was cancelled)
 * is released at once, so no permit outlives the work it was taken for.
 */
public final class HeldPermits {

	private final List<ConcurrencyPermit> permits = new ArrayList<>(2);

	private boolean released;

	/**
	 * Adds a permit; a denial holds nothing and is ignored. After {@link #release()} or {@link #releaseAsync()}, the
	 * permit is released at once.
	 * @param permit the permit
	 */
	public void add(ConcurrencyPermit permit) {
		if (!permit.isAllowed()) {
			return;
		}
		synchronized (this) {
			if (!this.released) {
				this.permits.add(permit);
				return;
			}
		}
		permit.releaseAsync();
	}

	/**
	 * Returns whether no permit is held.
	 * @return {@code true} when there is none
	 */
	public synchronized boolean isEmpty() {
		return this.permits.isEmpty();
	}

	/**
	 * Releases every permit, waiting for the backend within its deadline; never throws (a release that fails leaves
	 * its permit to its lease). Releasing again releases nothing more.
	 */
	public void release() {
		taken().forEach(ConcurrencyPermit::close);
	}

	/**
	 * Releases every permit without waiting; releasing again releases nothing more.
	 * @return a future completed when every release is made or left to its lease, never exceptionally
	 */
	public CompletableFuture<Void> releaseAsync() {
		return CompletableFuture.allOf(taken().stream()
			.map((permit) -> permit.releaseAsync().toCompletableFuture())
			.toArray(CompletableFuture[]::new));
	}

	private synchronized List<ConcurrencyPermit> taken() {
		this.released = true;
		List<ConcurrencyPermit> taken = List.copyOf(this.permits);
		this.permits.clear();
		return taken;
	}

}
