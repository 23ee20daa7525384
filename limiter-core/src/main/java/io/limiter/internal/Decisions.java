package io.limiter.internal;

import java.util.Objects;

import io.limiter.Decision;
import io.limiter.Receipt;

/**
 * The copies of a {@link Decision} that Limiter's limiters make on their way out: marked as made by the failure
 * policy or the local tier, reported by one rate of several, carrying a receipt. Each is one
 * {@link Decision#of full factory} call, as cheap as the copy it makes.
 */
public final class Decisions {

	private Decisions() {
	}

	/**
	 * Returns the decision marked as made by the failure policy.
	 * @param decision the decision
	 * @return a degraded copy
	 */
	public static Decision degraded(Decision decision) {
		return Decision.of(decision.isAllowed(), decision.limit(), decision.remaining(), decision.retryAfterMillis(),
				decision.resetAfterMillis(), decision.delayMillis(), true, decision.isLocal(), decision.rate(),
				decision.receipt().orElse(null));
	}

	/**
	 * Returns the decision marked as made by the local tier.
	 * @param decision the decision
	 * @return a local copy
	 */
	public static Decision local(Decision decision) {
		return Decision.of(decision.isAllowed(), decision.limit(), decision.remaining(), decision.retryAfterMillis(),
				decision.resetAfterMillis(), decision.delayMillis(), decision.isDegraded(), true, decision.rate(),
				decision.receipt().orElse(null));
	}

	/**
	 * Returns the decision as the report of the rate of an index of a limit of several rates.
	 * @param decision the decision
	 * @param rate the index of the rate in {@link io.limiter.Limit#rates()}, at least 0
	 * @return the decision itself when it reports that rate already, else a copy that does
	 */
	public static Decision forRate(Decision decision, int rate) {
		return (rate == decision.rate()) ? decision : Decision.of(decision.isAllowed(), decision.limit(),
				decision.remaining(), decision.retryAfterMillis(), decision.resetAfterMillis(), decision.delayMillis(),
				decision.isDegraded(), decision.isLocal(), rate, decision.receipt().orElse(null));
	}

	/**
	 * Returns the grant with the receipt of what it took, so that a refund can give the permits back where they were
	 * taken.
	 * @param grant the grant
	 * @param receipt the receipt
	 * @return a copy of the grant that carries the receipt
	 * @throws IllegalArgumentException when the decision is a denial, which takes nothing
	 */
	public static Decision withReceipt(Decision grant, Receipt receipt) {
		return Decision.of(grant.isAllowed(), grant.limit(), grant.remaining(), grant.retryAfterMillis(),
				grant.resetAfterMillis(), grant.delayMillis(), grant.isDegraded(), grant.isLocal(), grant.rate(),
				Objects.requireNonNull(receipt, "receipt must not be null"));
	}

}
