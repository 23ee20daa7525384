package io.limiter.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongFunction;

import io.limiter.Decision;

/**
 * One call of {@code acquireAsync}: it decides, waits on the backend's {@link Waits} for reserved permits or for
 * its next try, and completes its future. That future is the caller's hold on the call: when anyone else completes
 * it first (cancels it, or times it out with {@code orTimeout}) the call is abandoned. Its pending wait then leaves
 * the scheduler, no further try is made, and permits it reserved that are not due yet go back where they were taken
 * (the refund of their grant), as does a grant that comes after the call was abandoned. Permits whose wait had ended
 * are the caller's.
 */
final class AsyncAcquisition {

	private final CompletableFuture<Decision> result = new CompletableFuture<>();

	private final LongFunction<CompletionStage<Decision>> attempt;

	private final Consumer<Decision> giveBack;

	private final Waits waits;

	private final long deadlineNanos;

	/** The wait in progress, or the last one; {@code null} before the first. */
	private volatile Pending pending;

	private AsyncAcquisition(LongFunction<CompletionStage<Decision>> attempt, Consumer<Decision> giveBack, Waits waits,
			long deadlineNanos) {
		this.attempt = attempt;
		this.giveBack = giveBack;
		this.waits = waits;
		this.deadlineNanos = deadlineNanos;
	}

	/**
	 * Starts a call.
	 * @param attempt decides once, reserving within the given budget of milliseconds where the limit reserves
	 * @param giveBack refunds a grant that the call took and the caller will never use
	 * @param waits the backend's waits
	 * @param budgetMillis the longest wait
	 * @return the call's future: completed with the decision once the permits are usable, or at once with the denial;
	 * completing it first abandons the call
	 */
	static CompletableFuture<Decision> start(LongFunction<CompletionStage<Decision>> attempt,
			Consumer<Decision> giveBack, Waits waits, long budgetMillis) {
		AsyncAcquisition call = new AsyncAcquisition(attempt, giveBack, waits,
				System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budgetMillis));
		call.result.whenComplete((decision, failure) -> call.abandon());
		call.attempt(budgetMillis);
		return call.result;
	}

	private void attempt(long budgetMillis) {
		CompletionStage<Decision> decided;
		try {
			decided = this.attempt.apply(budgetMillis);
		}
		catch (RuntimeException ex) {
			this.result.completeExceptionally(ex);
			return;
		}
		decided.whenComplete((decision, failure) -> {
			if (failure != null) {
				this.result.completeExceptionally(failure);
			}
			else {
				decided(decision, budgetMillis);
			}
		});
	}

	private void decided(Decision decision, long budgetMillis) {
		long wait = decision.isAllowed() ? decision.delayMillis() : decision.retryAfterMillis();
		if (wait <= 0 || (!decision.isAllowed() && wait > budgetMillis)) {
			if (!this.result.complete(decision) && decision.isAllowed()) {
				this.giveBack.accept(decision);
			}
			return;
		}
		Pending next = new Pending(this.waits.after(wait), decision.isAllowed() ? decision : null);
		this.pending = next;
		// abandoned before the wait was set: abandon() may have missed it, and cancelling twice is harmless
		if (this.result.isDone()) {
			cancel(next);
			return;
		}
		next.timer().whenComplete((waited, failure) -> ended(next, failure));
	}

	private void ended(Pending wait, Throwable failure) {
		if (wait.timer().isCancelled()) {
			return;
		}
		if (failure != null) {
			this.result.completeExceptionally(failure);
		}
		else if (wait.grant() != null) {
			this.result.complete(wait.grant());
		}
		else if (!this.result.isDone()) {
			attempt(TimeUnit.NANOSECONDS.toMillis(this.deadlineNanos - System.nanoTime()));
		}
	}

	private void abandon() {
		Pending wait = this.pending;
		if (wait != null) {
			cancel(wait);
		}
	}

	/** Stops a wait that has not ended, and gives back the grant it was for: whoever stops it first does. */
	private void cancel(Pending wait) {
		if (wait.timer().cancel(false) && wait.grant() != null) {
			this.giveBack.accept(wait.grant());
		}
	}

	/**
	 * A wait on the backend's scheduler.
	 * @param timer completes when the wait ends
	 * @param grant the grant of reserved permits it waits for, or {@code null} for a wait before the next try
	 */
	private record Pending(CompletableFuture<Void> timer, Decision grant) {
	}

}
