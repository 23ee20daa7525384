package io.limiter.spring.internal.aop;

import java.util.concurrent.CompletableFuture;

import io.limiter.ConcurrencyPermit;
import io.limiter.spring.internal.HeldPermits;
import io.limiter.spring.internal.PendingRefunds;

/**
 * What one call of a limited method holds until it ends: the permits of rate limits that count only some outcomes,
 * settled by the call's outcome, and the permits of concurrency limits, released however the call ends (a cancelled
 * {@code Mono} or {@code Flux} included).
 */
final class CallPermits {

	private final PendingRefunds<Throwable> pending = new PendingRefunds<>();

	private final HeldPermits held = new HeldPermits();

	/** The decision the call waits for, or the last one it waited for. */
	private volatile CompletableFuture<?> decision;

	private volatile boolean abandoned;

	/** {@return the pending permits of rate limits} */
	PendingRefunds<Throwable> pending() {
		return this.pending;
	}

	/**
	 * Holds a concurrency permit until the call ends.
	 * @param permit the granted permit
	 */
	void hold(ConcurrencyPermit permit) {
		this.held.add(permit);
	}

	/** {@return whether the call holds nothing to settle or release when it ends} */
	boolean isEmpty() {
		return this.pending.isEmpty() && this.held.isEmpty();
	}

	/**
	 * Settles the pending permits by the call's outcome and releases the held ones, waiting for the backend.
	 * @param failure what the call threw, or {@code null}
	 */
	void settle(Throwable failure) {
		try {
			this.pending.settle(failure);
		}
		finally {
			this.held.release();
		}
	}

	/**
	 * Settles the pending permits by the call's outcome and releases the held ones, without waiting.
	 * @param failure what the call failed with, or {@code null}
	 * @return a future completed when both are done, never exceptionally
	 */
	CompletableFuture<Void> settleAsync(Throwable failure) {
		return CompletableFuture.allOf(this.pending.settleAsync(failure), this.held.releaseAsync());
	}

	/**
	 * Gives every permit back, waiting for the backend: the call did not run.
	 */
	void refundAll() {
		try {
			this.pending.refundAll();
		}
		finally {
			this.held.release();
		}
	}

	/**
	 * Gives every permit back without waiting: the call did not run.
	 * @return a future completed when every permit is back, never exceptionally
	 */
	CompletableFuture<Void> refundAllAsync() {
		return CompletableFuture.allOf(this.pending.refundAllAsync(), this.held.releaseAsync());
	}

	/**
	 * Notes the decision the call now waits for, so that abandoning the call cancels it.
	 * @param <T> the type of the decision
	 * @param decision the decision, cancelled at once when the call is abandoned already
	 * @return {@code decision}
	 */
	<T> CompletableFuture<T> awaiting(CompletableFuture<T> decision) {
		this.decision = decision;
		if (this.abandoned) {
			decision.cancel(false);
		}
		return decision;
	}

	/** {@return whether the call was abandoned, so that the method must not be called} */
	boolean isAbandoned() {
		return this.abandoned;
	}

	/**
	 * Abandons a call whose subscriber cancelled: its wait is abandoned ({@link #abandonWait()}) and the held permits
	 * are released, since the cancel stops the method's own publisher too; the pending ones stay taken, as a cancelled
	 * call counts.
	 */
	void abandon() {
		abandonWait();
		this.held.releaseAsync();
	}

	/**
	 * Abandons the call's wait for its permits: a decision it waits for is cancelled (a wait for reserved permits
	 * stops and gives them back) and the method is not called if it has not been yet. A method already called keeps
	 * its permits until its own stage completes.
	 */
	void abandonWait() {
		this.abandoned = true;
		CompletableFuture<?> waiting = this.decision;
		if (waiting != null) {
			waiting.cancel(false);
		}
	}

	/**
	 * Releases the held permits of a call that was cancelled; the pending ones stay taken, as a cancelled call
	 * counts.
	 * @return a future completed when the held permits are back, never exceptionally
	 */
	CompletableFuture<Void> cancelAsync() {
		return this.held.releaseAsync();
	}

}
