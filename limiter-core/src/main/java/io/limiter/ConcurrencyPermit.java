package io.limiter;

import java.util.concurrent.CompletionStage;

/**
 * The answer of a {@link ConcurrencyLimiter}: a permit that is held until it is closed, or a denial. Use it with
 * try-with-resources, so that the permit returns whatever the work does:
 * <pre>{@code
 * try (ConcurrencyPermit permit = exports.tryAcquire(tenant)) {
 *     if (!permit.isAllowed()) {
 *         return tooManyExports(permit.inFlight(), permit.limit());
 *     }
 *     runExport();
 * }
 * }</pre>
 * Closing is idempotent, and closing a denial does nothing. {@link #close()} and {@link #releaseAsync()} never throw
 * for the backend: a permit that Redis granted and whose release fails (Redis down, slow, or the backend closed) is
 * left to its lease, and counts until the lease ends; a permit the failure policy granted in this process is
 * released in this process.
 */
public interface ConcurrencyPermit extends AutoCloseable {

	/** {@return whether the permit was granted; a denial holds nothing} */
	boolean isAllowed();

	/**
	 * Returns how many permits of the key were in flight when the permit was decided: this one included when it was
	 * granted. A decision of the failure policy counts the permits of this instance only.
	 * @return the permits in flight
	 */
	long inFlight();

	/** {@return the most permits of the key in flight, the limit's {@link ConcurrencyLimit#maxInFlight()}} */
	long limit();

	/**
	 * Returns whether the {@link FailurePolicy} decided instead of the backend, because it failed or its circuit
	 * breaker was open; {@link LimiterObserver#onBackendFailure} has told why.
	 * @return {@code true} for a decision made without the backend
	 */
	boolean isDegraded();

	/**
	 * Releases the permit without blocking or waiting for the backend: in memory at once; on Redis the release is
	 * queued and travels with the next take or look of its hash slot on this instance (which counts without it), or
	 * alone at most 5 ms later, and until Redis has it other instances still count the permit.
	 * {@link LimiterObserver#onPermitRelease} hears once the backend took it back or left it to its lease.
	 * @return a complete stage, for every call and for a denial
	 */
	CompletionStage<Void> releaseAsync();

	/**
	 * Releases the permit as {@link #releaseAsync()} does, without waiting; idempotent, and nothing for a denial.
	 * Never throws: a release that fails leaves the permit to its lease.
	 */
	@Override
	void close();

}
