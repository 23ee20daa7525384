package io.limiter;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * One named {@link Limit} applied per key: {@code tryAcquire("user-42", 1)} asks whether user 42 may take
 * one permit now.
 * <p>
 * Instances are thread-safe and cheap to keep; get them from a {@link LimiterBackend}. The asynchronous
 * methods never block the calling thread; the synchronous ones are a bounded wait on them.
 * <p>
 * When the backend fails, the backend's {@link FailurePolicy} makes the decision: these methods do not throw
 * for it.
 * <p>
 * A request for more permits than the capacity can never be granted, so it fails at once with an
 * {@link IllegalArgumentException} instead of returning a retry-after that could never come true.
 */
public interface RateLimiter {

	/**
	 * Returns the name of the limit, as used in metrics and response headers.
	 * @return the name
	 */
	String name();

	/**
	 * Returns the limit this limiter applies.
	 * @return the limit
	 */
	Limit limit();

	/**
	 * Takes one permit for the key if it is available now.
	 * @param key the key, for example a user id or a client address
	 * @return the decision
	 */
	default Decision tryAcquire(String key) {
		return tryAcquire(key, 1);
	}

	/**
	 * Takes {@code permits} for the key if they are all available now; takes none otherwise.
	 * @param key the key
	 * @param permits from 0 (only look) to the capacity
	 * @return the decision
	 * @throws IllegalArgumentException when permits is negative or above the capacity
	 */
	Decision tryAcquire(String key, long permits);

	/**
	 * The asynchronous twin of {@link #tryAcquire(String, long)}.
	 * @param key the key
	 * @param permits from 0 to the capacity
	 * @return a stage completed with the decision
	 * @throws IllegalArgumentException when permits is negative or above the capacity
	 */
	CompletionStage<Decision> tryAcquireAsync(String key, long permits);

	/**
	 * Takes {@code permits} for the key, waiting for them when that wait fits in {@code maxWait}, and failing
	 * at once, without waiting, when it does not.
	 * <p>
	 * For {@linkplain Limit#supportsReservations() token bucket and GCRA of one rate} the permits are reserved at
	 * once and the call sleeps until they are due, so later callers queue behind it. The window algorithms, and
	 * limits of several rates, retry at the retry-after they report, for as long as the next retry still fits in
	 * {@code maxWait}.
	 * @param key the key
	 * @param permits from 0 to the capacity
	 * @param maxWait the longest acceptable wait
	 * @return an allowed decision once the permits are usable, or the denied decision at once
	 * @throws InterruptedException when interrupted while waiting (reserved permits are then lost)
	 */
	Decision acquire(String key, long permits, Duration maxWait) throws InterruptedException;

	/**
	 * The asynchronous twin of {@link #acquire(String, long, Duration)}: the stage completes once the
	 * permits are usable, or at once with the denied decision. The waits run on the backend's own threads
	 * ({@code limiter-redis-N}, {@code limiter-memory-N}), never on the JDK's shared delay thread, so a stage
	 * that completes when a wait for reserved permits ends runs the caller's continuations there; a wait still
	 * pending when the backend closes fails with {@link IllegalStateException}.
	 * @param key the key
	 * @param permits from 0 to the capacity
	 * @param maxWait the longest acceptable wait
	 * @return a stage completed with the decision
	 */
	CompletionStage<Decision> acquireAsync(String key, long permits, Duration maxWait);

	/**
	 * Returns the state of a key as a request for zero permits would see it now, without creating, changing or
	 * extending the key's stored state (on Redis, a script that writes nothing and leaves the time to live alone):
	 * for looking at a key, as the Actuator endpoint does, never for deciding. A key with no state reads as full.
	 * Under a two-tier {@link LocalTier}, permits that instances borrowed and have not spent yet count as taken.
	 * @param key the key
	 * @return an allowed decision for zero permits: its remaining permits and reset-after
	 * @throws RateLimiterException when the backend fails or does not answer in time: a look is not a decision,
	 * so no failure policy makes one up
	 */
	Decision peek(String key);

}
