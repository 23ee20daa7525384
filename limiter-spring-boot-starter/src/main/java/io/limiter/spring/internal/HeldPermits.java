package io.limiter.spring.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.limiter.ConcurrencyPermit;

/**
 * The concurrency permits one request or call holds while it runs, released together when it ends, however it ends.
 * Releasing twice releases once: each permit's release is idempotent.
 */
public final class HeldPermits {

	private final List<ConcurrencyPermit> permits = new ArrayList<>(2);

	/**
	 * Adds a granted permit.
	 * @param permit the permit
	 */
	public void add(ConcurrencyPermit permit) {
		this.permits.add(permit);
	}

	/**
	 * Returns whether no permit is held.
	 * @return {@code true} when there is none
	 */
	public boolean isEmpty() {
		return this.permits.isEmpty();
	}

	/**
	 * Releases every permit, waiting for the backend within its deadline; never throws (a release that fails leaves
	 * its permit to its lease).
	 */
	public void release() {
		this.permits.forEach(ConcurrencyPermit::close);
	}

	/**
	 * Releases every permit without waiting.
	 * @return a future completed when every release is made or left to its lease, never exceptionally
	 */
	public CompletableFuture<Void> releaseAsync() {
		return CompletableFuture.allOf(this.permits.stream()
			.map((permit) -> permit.releaseAsync().toCompletableFuture())
			.toArray(CompletableFuture[]::new));
	}

}
