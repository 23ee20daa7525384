package io.limiter.internal.failure;

import io.limiter.Decision;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;

/**
 * The receipts of a limiter under {@link io.limiter.FailurePolicy#LOCAL_FALLBACK}, which took a grant's permits in two
 * places: where its decision was made (Redis, or the share while Redis failed) and in this instance's share, which
 * every grant of Redis is charged to. Its marks are the number of Redis' marks (0 for a grant the share made alone),
 * Redis' marks, and then the share's, if the share took anything; so a refund gives the permits back in each place
 * where they were taken, as that place's own receipt says.
 */
final class FallbackReceipts {

	private FallbackReceipts() {
	}

	/**
	 * Returns a grant of Redis with a receipt of both places.
	 * @param grant Redis' grant, with its receipt
	 * @param charge the share's answer to the charge of the same permits (a grant with its receipt, or a denial), or
	 * {@code null} when the share was not charged (a grant of the local tier's borrowed tokens)
	 * @return the grant with the joined receipt
	 */
	static Decision charged(Decision grant, Decision charge) {
		MarkedReceipt remote = MarkedReceipt.in(grant);
		MarkedReceipt share = (charge != null) ? MarkedReceipt.in(charge) : null;
		return Decisions.withReceipt(grant, joined(remote.permits(), remote, share));
	}

	/**
	 * Returns a grant of the share with a receipt that Redis has no part of.
	 * @param grant the share's grant, with its receipt
	 * @return the grant with the joined receipt
	 */
	static Decision ofShare(Decision grant) {
		MarkedReceipt share = MarkedReceipt.in(grant);
		return Decisions.withReceipt(grant, joined(share.permits(), null, share));
	}

	/**
	 * Returns Redis' part of a joined receipt.
	 * @param receipt the joined receipt
	 * @return Redis' receipt, or {@code null} for a grant the share made alone
	 */
	static MarkedReceipt remote(MarkedReceipt receipt) {
		int size = (int) receipt.mark(0);
		return (size > 0) ? receipt.marks(1, 1 + size) : null;
	}

	/**
	 * Returns the share's part of a joined receipt.
	 * @param receipt the joined receipt
	 * @return the share's receipt, or {@code null} when the share took nothing
	 */
	static MarkedReceipt share(MarkedReceipt receipt) {
		int from = 1 + (int) receipt.mark(0);
		return (from < receipt.size()) ? receipt.marks(from, receipt.size()) : null;
	}

	/**
	 * Returns whether a receipt is joined: its first mark counts the marks of Redis' part that follow it.
	 * @param receipt a receipt
	 * @return {@code false} for a receipt of another limiter
	 */
	static boolean isJoined(MarkedReceipt receipt) {
		long size = receipt.mark(0);
		return size >= 0 && size < receipt.size();
	}

	private static MarkedReceipt joined(long permits, MarkedReceipt remote, MarkedReceipt share) {
		int remoteSize = (remote != null) ? remote.size() : 0;
		int shareSize = (share != null) ? share.size() : 0;
		long[] marks = new long[1 + remoteSize + shareSize];
		marks[0] = remoteSize;
		for (int i = 0; i < remoteSize; i++) {
			marks[1 + i] = remote.mark(i);
		}
		for (int i = 0; i < shareSize; i++) {
			marks[1 + remoteSize + i] = share.mark(i);
		}
		return MarkedReceipt.of(permits, marks);
	}

}
