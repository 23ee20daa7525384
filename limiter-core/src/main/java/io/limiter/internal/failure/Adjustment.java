package io.limiter.internal.failure;

import java.util.concurrent.CompletionStage;

import io.limiter.AdminOperation;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.MarkedReceipt;

/**
 * An admin operation as {@link FailurePolicyDecisionSource} applies it: to the remote source, and to the share of the
 * local fallback, which mirrors it when Redis took it and takes it alone when Redis failed.
 */
interface Adjustment {

	/**
	 * Returns an operation of the administrator, the same in both places.
	 * @param key the user's key
	 * @param operation the operation
	 * @param permits its permits, 0 for a reset
	 * @return the adjustment
	 */
	static Adjustment of(String key, AdminOperation operation, long permits) {
		return new Operation(key, operation, permits);
	}

	/**
	 * Returns the refund of a grant: each place gets back what its own part of the grant's receipt says it took.
	 * @param key the user's key
	 * @param remote the remote source's receipt, or {@code null} when Redis took no part in the grant
	 * @param share the share's receipt, or {@code null} when the share took nothing
	 * @return the adjustment
	 */
	static Adjustment refundOf(String key, MarkedReceipt remote, MarkedReceipt share) {
		return new GrantRefund(key, remote, share);
	}

	/** {@return the user's key} */
	String key();

	/** {@return the operation, as logs and the observer name it} */
	AdminOperation operation();

	/** {@return whether the remote source has a part in it} */
	boolean hasRemotePart();

	/**
	 * Applies it to the remote source, waiting at most its timeout.
	 * @param remote the source
	 */
	void applyTo(DecisionSource remote);

	/**
	 * Applies it to the remote source without blocking.
	 * @param remote the source
	 * @return a stage completed once applied, or failed
	 */
	CompletionStage<AdminOperation.Outcome> applyAsyncTo(DecisionSource remote);

	/**
	 * Applies it to the share of the local fallback.
	 * @param share the fallback
	 */
	void applyToShare(SharedFallback share);

	/** An operation of the administrator: the same in both places. */
	record Operation(String key, AdminOperation operation, long permits) implements Adjustment {

		@Override
		public boolean hasRemotePart() {
			return true;
		}

		@Override
		public void applyTo(DecisionSource remote) {
			remote.adjust(this.key, this.operation, this.permits);
		}

		@Override
		public CompletionStage<AdminOperation.Outcome> applyAsyncTo(DecisionSource remote) {
			return remote.adjustAsync(this.key, this.operation, this.permits);
		}

		@Override
		public void applyToShare(SharedFallback share) {
			share.adjust(this.key, this.operation, this.permits);
		}

	}

	/** The refund of a grant: each place gets back what its own part of the receipt says it took. */
	record GrantRefund(String key, MarkedReceipt remote, MarkedReceipt share) implements Adjustment {

		@Override
		public AdminOperation operation() {
			return AdminOperation.REFUND;
		}

		@Override
		public boolean hasRemotePart() {
			return this.remote != null;
		}

		@Override
		public void applyTo(DecisionSource source) {
			source.refund(this.key, this.remote);
		}

		@Override
		public CompletionStage<AdminOperation.Outcome> applyAsyncTo(DecisionSource source) {
			return source.refundAsync(this.key, this.remote);
		}

		@Override
		public void applyToShare(SharedFallback fallback) {
			if (this.share != null) {
				fallback.refund(this.key, this.share);
			}
		}

	}

}
