package io.limiter.spring.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

import io.limiter.Decision;

/**
 * The permits one request or call took under limits that count only some outcomes: each is given back when the
 * outcome, once known, does not count for its limit. So a key never has more such requests in flight than it has
 * permits, and the outcomes that count never exceed the limit.
 * @param <O> what an outcome is: the response status for the filters, the exception thrown ({@code null} for
 * none) for the aspect
 */
public final class PendingRefunds<O> {

	private final List<Pending<O>> pending = new ArrayList<>();

	/**
	 * Adds permits taken.
	 * @param enforcer their limit
	 * @param key their key
	 * @param taken the enforcement that took them: its plan and its {@linkplain Enforcement#grant() grant}, which
	 * the refund gives back where it took them
	 * @param counts whether an outcome counts, so that the permits stay taken
	 */
	public void add(LimitEnforcer enforcer, String key, Enforcement taken, Predicate<O> counts) {
		this.pending.add(new Pending<>(enforcer, key, taken.plan(), taken.grant(), counts));
	}

	/**
	 * Returns whether no permits are pending.
	 * @return {@code true} when there are none
	 */
	public boolean isEmpty() {
		return this.pending.isEmpty();
	}

	/**
	 * Gives back, waiting for the backend, the permits of the limits for which an outcome does not count.
	 * @param outcome the outcome
	 */
	public void settle(O outcome) {
		refund((taken) -> !taken.counts().test(outcome));
	}

	/**
	 * Gives back the permits of the limits for which an outcome does not count, without waiting.
	 * @param outcome the outcome
	 * @return a future completed when every refund is made or has failed (never exceptionally)
	 */
	public CompletableFuture<Void> settleAsync(O outcome) {
		return refundAsync((taken) -> !taken.counts().test(outcome));
	}

	/**
	 * Gives every pending permit back, waiting for the backend: the request did not run.
	 */
	public void refundAll() {
		refund((taken) -> true);
	}

	/**
	 * Gives every pending permit back without waiting: the request did not run.
	 * @return a future completed when every refund is made or has failed (never exceptionally)
	 */
	public CompletableFuture<Void> refundAllAsync() {
		return refundAsync((taken) -> true);
	}

	private void refund(Predicate<Pending<O>> refunded) {
		for (Pending<O> taken : this.pending) {
			if (refunded.test(taken)) {
				taken.enforcer().refund(taken.key(), taken.plan(), taken.grant());
			}
		}
	}

	private CompletableFuture<Void> refundAsync(Predicate<Pending<O>> refunded) {
		List<CompletableFuture<Void>> refunds = new ArrayList<>(this.pending.size());
		for (Pending<O> taken : this.pending) {
			if (refunded.test(taken)) {
				refunds.add(taken.enforcer().refundAsync(taken.key(), taken.plan(), taken.grant()));
			}
		}
		return CompletableFuture.allOf(refunds.toArray(CompletableFuture[]::new));
	}

	private record Pending<O>(LimitEnforcer enforcer, String key, String plan, Decision grant, Predicate<O> counts) {
	}

}
