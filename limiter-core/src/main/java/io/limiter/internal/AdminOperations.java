package io.limiter.internal;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.Rate;
import io.limiter.Receipt;
import io.limiter.integration.LoggedKeys;

/**
 * The admin operations of one limiter ({@code reset}, {@code addPermits}, {@code penalize}, and the refund of one grant):
 * checks their arguments, sends them down the limiter's decision source and tells the observer of each outcome.
 */
final class AdminOperations {

	private final ReceiptIssuer issuer;

	private final String name;

	private final Limit limit;

	private final DecisionSource source;

	private final LimiterObserver observer;

	AdminOperations(ReceiptIssuer issuer, Limit limit, DecisionSource source, LimiterObserver observer) {
		this.issuer = issuer;
		this.name = issuer.name();
		this.limit = limit;
		this.source = source;
		this.observer = observer;
	}

	void apply(String key, AdminOperation operation, long permits) {
		Objects.requireNonNull(key, "key must not be null");
		long checked = checkedPermits(operation, permits);
		AdminOperation.Outcome outcome = AdminOperation.Outcome.FAILED;
		try {
			outcome = this.source.adjust(key, operation, checked);
		}
		finally {
			this.observer.onAdminOperation(this.name, operation, outcome);
		}
	}

	CompletionStage<Void> applyAsync(String key, AdminOperation operation, long permits) {
		Objects.requireNonNull(key, "key must not be null");
		return observed(operation, this.source.adjustAsync(key, operation, checkedPermits(operation, permits)));
	}

	/**
	 * Gives back what a grant took, as its receipt says; a decision without one took nothing, and a grant taken
	 * before a change of algorithm took from a state that is gone: both are left alone, unheard of by the observer.
	 * @throws IllegalArgumentException when the receipt is of another issuer or key
	 */
	void refund(String key, Decision grant) {
		MarkedReceipt receipt = checkedReceipt(key, grant);
		if (receipt == null) {
			return;
		}
		AdminOperation.Outcome outcome = AdminOperation.Outcome.FAILED;
		try {
			outcome = this.source.refund(key, receipt);
		}
		finally {
			this.observer.onAdminOperation(this.name, AdminOperation.REFUND, outcome);
		}
	}

	CompletionStage<Void> refundAsync(String key, Decision grant) {
		MarkedReceipt receipt = checkedReceipt(key, grant);
		if (receipt == null) {
			return CompletableFuture.completedFuture(null);
		}
		return observed(AdminOperation.REFUND, this.source.refundAsync(key, receipt));
	}

	/**
	 * Returns the grant's receipt after checking that this limiter issued it for the key: another limiter's marks
	 * would be read as this one's, and give back permits that were never taken here. Returns {@code null}, nothing to
	 * give back, for a decision without a receipt and for a grant of this limit and key taken before a change of
	 * algorithm, whose state the change released (the key started afresh).
	 */
	private MarkedReceipt checkedReceipt(String key, Decision grant) {
		Objects.requireNonNull(key, "key must not be null");
		Receipt given = Objects.requireNonNull(grant, "grant must not be null").receipt().orElse(null);
		if (given == null) {
			return null;
		}
		MarkedReceipt receipt = (given instanceof MarkedReceipt marked) ? marked : null;
		Object issuer = (receipt != null) ? receipt.issuer() : null;
		String issuedKey = (receipt != null) ? receipt.key() : null;
		boolean sameKey = key.equals(issuedKey);
		if (sameKey && this.issuer.startedAfresh(issuer)) {
			return null;
		}
		if (!sameKey || !this.issuer.equals(issuer)) {
			String of = (issuer != null) ? issuer + " for key " + LoggedKeys.quote(issuedKey) : "no limiter";
			throw new IllegalArgumentException("a refund to key " + LoggedKeys.quote(key) + " of " + this.issuer
					+ " was given the receipt of a grant of " + of + ": a grant goes back only to the limit, plan"
					+ " and key that took it, so nothing was refunded");
		}
		return receipt;
	}

	private CompletionStage<Void> observed(AdminOperation operation, CompletionStage<AdminOperation.Outcome> applied) {
		return applied
			.whenComplete((outcome, failure) -> this.observer.onAdminOperation(this.name, operation,
					(failure != null) ? AdminOperation.Outcome.FAILED : outcome))
			.thenApply((outcome) -> null);
	}

	/**
	 * Checks the permits to add or of a penalty (a reset takes none) and caps them where their ticks
	 * ({@code permits x period}, or permits alone for a calendar rate, which counts permits) would pass 2^53: no key
	 * holds or owes that many, so the cap changes nothing.
	 */
	private long checkedPermits(AdminOperation operation, long permits) {
		if (operation == AdminOperation.RESET) {
			return 0;
		}
		if (permits < 1) {
			throw new IllegalArgumentException("permits of " + operation.configName() + " on limit '" + this.name
					+ "' must be at least 1 but was " + permits);
		}
		Rate rate = this.limit.rates().get(0);
		return Math.min(permits, Limit.MAX_CAPACITY_PERIOD_PRODUCT / (rate.isCalendar() ? 1 : rate.periodMillis()));
	}

}
