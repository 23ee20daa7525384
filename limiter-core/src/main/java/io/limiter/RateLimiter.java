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
 * <p>
 * Beside deciding, a key can be reset, given permits or penalized ({@link #reset(String)},
 * {@link #addPermits(String, long)}, {@link #penalize(String, long)}): admin operations, which no failure policy makes
 * up, so they may throw a {@link LimiterBackendException}. Code that counts after the fact gives the permits of one
 * grant back, where that grant took them, with {@link #refund(String, Decision)}.
 */
public interface RateLimiter {

	/** {@return the name of the limit, as used in metrics and response headers} */
	String name();

	/** {@return the limit this limiter applies} */
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
	 * The asynchronous variant of {@link #tryAcquire(String, long)}.
	 * @param key the key
	 * @param permits from 0 to the capacity
	 * @return a stage completed with the decision
	 * @throws IllegalArgumentException when permits is negative or above the capacity
	 */
	CompletionStage<Decision> tryAcquireAsync(String key, long permits);

	/**
	 * Takes {@code permits} for the key, waiting at most {@code timeout} for them: as Guava's
	 * {@code RateLimiter.tryAcquire(permits, timeout)} and Bucket4j's {@code tryConsume(permits, maxWait)}, the call
	 * waits when the permits can be had within the timeout, and returns the denial at once, without waiting, when they
	 * cannot. With a zero timeout it is {@link #tryAcquire(String, long)}.
	 * <p>
	 * For {@linkplain Limit#supportsReservations() token bucket and GCRA of one rate} the permits are reserved at
	 * once and the call sleeps until they are due, so later callers queue behind it. The window algorithms, and
	 * limits of several rates, retry at the retry-after they report, for as long as the next retry still fits in
	 * {@code timeout}.
	 * <p>
	 * A thread interrupted while it waits for reserved permits gives them back where they were taken (as
	 * {@link #refund(String, Decision)} of their grant would; a refund that fails is added to the exception as
	 * suppressed), so that the next caller gets them; interrupted while the backend decides, it gives back what the
	 * answer grants once the answer arrives; interrupted between tries, it has taken nothing.
	 * @param key the key
	 * @param permits from 0 to the capacity
	 * @param timeout the longest acceptable wait, zero or more
	 * @return an allowed decision once the permits are usable, or the denied decision at once
	 * @throws InterruptedException when interrupted while waiting; the call then holds no permits
	 */
	Decision tryAcquire(String key, long permits, Duration timeout) throws InterruptedException;

	/**
	 * The asynchronous variant of {@link #tryAcquire(String, long, Duration)}: the stage completes once the
	 * permits are usable, or at once with the denied decision. The waits run on the backend's own threads
	 * ({@code limiter-redis-N}, {@code limiter-memory-N}), never on the JDK's shared delay thread, so a stage
	 * that completes when a wait for reserved permits ends runs the caller's continuations there; a wait still
	 * pending when the backend closes fails with {@link IllegalStateException}.
	 * <p>
	 * The stage's {@link CompletionStage#toCompletableFuture() future} is the call's own: cancelling it, or
	 * completing it in any other way (such as {@link java.util.concurrent.CompletableFuture#orTimeout}) before the
	 * permits are usable, abandons the call. Its wait then stops, without a further try, and permits it reserved, or
	 * a grant that arrives afterwards, go back where they were taken, as {@link #refundAsync(String, Decision)} of the
	 * grant would (the permits' refund is heard of by the {@link LimiterObserver} as any refund). Permits whose wait
	 * had already ended are the caller's, and are not given back by a later cancel.
	 * @param key the key
	 * @param permits from 0 to the capacity
	 * @param timeout the longest acceptable wait, zero or more
	 * @return a stage completed with the decision; its future can be cancelled
	 */
	CompletionStage<Decision> tryAcquireAsync(String key, long permits, Duration timeout);

	/**
	 * Returns the state of a key as a request for zero permits would see it now, without creating, changing or
	 * extending the key's stored state (on Redis, a script that writes nothing and leaves the time to live alone):
	 * for looking at a key, as the Actuator endpoint does, never for deciding. A key with no state reads as full.
	 * Under a two-tier {@link LocalTier}, permits that instances borrowed and have not spent yet count as taken.
	 * @param key the key
	 * @return an allowed decision for zero permits: its remaining permits and reset-after
	 * @throws LimiterBackendException when the backend fails or does not answer in time: a look is not a decision,
	 * so no failure policy makes one up
	 */
	Decision peek(String key);

	/**
	 * Makes the key behave as a key never seen: its state is deleted. On Redis this also ends this instance's local
	 * tier state of the key (its block, or the tokens it borrowed); other instances keep theirs until it runs out,
	 * at most until Redis' retry-after and their lease. While Redis fails, under
	 * {@link FailurePolicy#LOCAL_FALLBACK}, only this instance's share of the limit is reset; under the other
	 * policies the call fails.
	 * @param key the key
	 * @throws LimiterBackendException when the backend fails and the operation could not be applied
	 */
	void reset(String key);

	/**
	 * The asynchronous variant of {@link #reset(String)}.
	 * @param key the key
	 * @return a stage completed once the key is reset, or failed with a {@link LimiterBackendException}
	 */
	CompletionStage<Void> resetAsync(String key);

	/**
	 * Gives the key up to {@code permits} now, in its current window, as an administrator would, never leaving it with
	 * more than a fresh key has: a token bucket gains them up to full, GCRA's theoretical arrival time moves back but
	 * not before now, a fixed window's count falls (not below 0), a sliding window counter's counts fall (the current
	 * window's first), a sliding window log loses its newest entries. The permits come off what the key holds now,
	 * whoever took them and whenever: this is Bucket4j's {@code addTokens}, not a give-back of one grant. Code that
	 * gives back the permits of one grant, because its work should not have counted, calls
	 * {@link #refund(String, Decision)} instead, which gives back only what that grant took and only where it took it
	 * (never capacity of a window the grant was not in). Local tiers and failures as for {@link #reset(String)}.
	 * @param key the key
	 * @param permits at least 1; more than the key can get back changes nothing more
	 * @throws IllegalArgumentException when permits is below 1
	 * @throws LimiterBackendException when the backend fails and the operation could not be applied
	 */
	void addPermits(String key, long permits);

	/**
	 * The asynchronous variant of {@link #addPermits(String, long)}.
	 * @param key the key
	 * @param permits at least 1
	 * @return a stage completed once the permits are given, or failed with a {@link LimiterBackendException}
	 * @throws IllegalArgumentException when permits is below 1
	 */
	CompletionStage<Void> addPermitsAsync(String key, long permits);

	/**
	 * Gives back the permits that one grant of this limiter took from the key, where it took them, as far as they
	 * still hold capacity there (unlike {@link #addPermits(String, long)}, which gives the key permits now, in its
	 * current window, whoever took them), so that permits taken before work and given back when the work should not
	 * count never add capacity the grant did not take: a fixed window's count falls only if the grant was made in the current window;
	 * a sliding window counter's current count falls for a grant of the current window and its previous count for one
	 * of the previous window (whose weight has decayed as the window slid), nothing for an older one; a sliding window
	 * log loses the grant's own entries while they are in the window; a token bucket or GCRA key is paid back the
	 * part of the grant's debt that refill has not paid back yet. Times are the backend's: the Redis server's
	 * {@code TIME} by default, the grant's time being in its {@linkplain Decision#receipt() receipt}.
	 * <p>
	 * A decision without a receipt took nothing from the key's state (a denial, a look, a grant the failure policy
	 * made without state) and gives nothing back; so does a grant taken before an update of the limit to another
	 * algorithm, which started the key afresh (after an update to another capacity or period, the grant's receipt is
	 * read with the new numbers, as the key's state is). A grant goes back only to the limiter and key that took it:
	 * a limiter of the same name and plan on the same backend (whichever of them, before or after an update), under
	 * the same key. Give each grant back once. Under {@link LocalTier.Mode#TWO_TIER} a grant spent from this
	 * instance's borrowed tokens goes back to them while their lease lasts, without a call to Redis. While Redis
	 * fails, under {@link FailurePolicy#LOCAL_FALLBACK}, only this instance's share of the limit gets the permits
	 * back, where the share was charged; under the other policies the call fails.
	 * @param key the key the grant was made for
	 * @param grant a decision of this limiter for that key
	 * @throws IllegalArgumentException naming this limit, the key, and the limit and key of the receipt when the grant
	 * was made by a limiter of another name, plan or backend, or for another key, or its receipt by no limiter; nothing
	 * is given back then
	 * @throws LimiterBackendException when the backend fails and the operation could not be applied
	 */
	void refund(String key, Decision grant);

	/**
	 * The asynchronous variant of {@link #refund(String, Decision)}.
	 * @param key the key the grant was made for
	 * @param grant a decision of this limiter for that key
	 * @return a stage completed once the permits are given back, or failed with a {@link LimiterBackendException}
	 * @throws IllegalArgumentException at once, as {@link #refund(String, Decision)} does, for a grant of another
	 * limiter or key
	 */
	CompletionStage<Void> refundAsync(String key, Decision grant);

	/**
	 * Takes {@code permits} from the key unconditionally, even beyond what it has left, so that it owes them. The
	 * debt is bounded, so that a penalty cannot lock a key for long: a key holds at most twice its capacity in use,
	 * that is one capacity below empty. A token bucket or GCRA key then gets its next permit after at most one period
	 * and a little more, and is full after two (a debt a reservation made larger is kept, not raised); the window
	 * algorithms forget the penalty with their windows: the fixed window at the end of the current window, the
	 * sliding window log one period after the penalty, the sliding window counter within two periods. Local tiers
	 * and failures as for {@link #reset(String)}.
	 * @param key the key
	 * @param permits at least 1; more than the bound changes nothing more
	 * @throws IllegalArgumentException when permits is below 1
	 * @throws LimiterBackendException when the backend fails and the operation could not be applied
	 */
	void penalize(String key, long permits);

	/**
	 * The asynchronous variant of {@link #penalize(String, long)}.
	 * @param key the key
	 * @param permits at least 1
	 * @return a stage completed once the permits are taken, or failed with a {@link LimiterBackendException}
	 * @throws IllegalArgumentException when permits is below 1
	 */
	CompletionStage<Void> penalizeAsync(String key, long permits);

}
