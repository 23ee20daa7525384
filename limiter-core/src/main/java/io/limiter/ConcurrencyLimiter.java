package io.limiter;

import java.util.concurrent.CompletionStage;

/**
 * One named {@link ConcurrencyLimit} applied per key: {@code tryAcquire("tenant-7")} takes one of the tenant's
 * permits when fewer than the limit's {@link ConcurrencyLimit#maxInFlight()} are held, across every instance that
 * shares the backend, and the permit counts until it is {@linkplain ConcurrencyPermit#close() closed}.
 * <pre>{@code
 * ConcurrencyLimiter exports = backend.concurrencyLimiter("exports", ConcurrencyLimit.of(5));
 * try (ConcurrencyPermit permit = exports.tryAcquire(tenant)) {
 *     if (permit.isAllowed()) {
 *         runExport();
 *     }
 * }
 * }</pre>
 * Instances are thread-safe and cheap to keep; get them from a {@link LimiterBackend}. The asynchronous method never
 * blocks the calling thread; the synchronous one is a bounded wait on it. When the backend fails, the backend's (or
 * the limiter's) {@link FailurePolicy} decides: {@link FailurePolicy#LOCAL_FALLBACK} grants up to this instance's
 * share of the limit, {@code ceil(maxInFlight / instances)}, counting every permit this instance holds of the key.
 */
public interface ConcurrencyLimiter {

	/** {@return the name of the limit, as used in metrics} */
	String name();

	/** {@return the limit this limiter applies} */
	ConcurrencyLimit limit();

	/**
	 * Takes one permit of the key if fewer than the limit are in flight now.
	 * @param key the key, for example a tenant id
	 * @return the permit, or a denial
	 */
	ConcurrencyPermit tryAcquire(String key);

	/**
	 * The asynchronous variant of {@link #tryAcquire(String)}.
	 * @param key the key
	 * @return a stage completed with the permit or a denial, never exceptionally for the backend
	 */
	CompletionStage<ConcurrencyPermit> tryAcquireAsync(String key);

	/**
	 * Returns how many permits of the key are in flight now, across every instance: a look that takes and changes
	 * nothing, for metrics and the Actuator endpoint. On Redis, permits whose lease ended are not counted. The failure
	 * policy does not answer for a look.
	 * @param key the key
	 * @return the permits in flight
	 * @throws LimiterBackendException when the backend fails or does not answer in time
	 */
	long inFlight(String key);

}
