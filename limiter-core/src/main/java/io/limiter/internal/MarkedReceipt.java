package io.limiter.internal;

import java.util.Arrays;
import java.util.Objects;

import io.limiter.Decision;
import io.limiter.Receipt;

/**
 * The {@link Receipt} of Limiter's limiters: the permits, and marks that say where they were taken. The marks are
 * the backend's own, read only by the limiter of the same name on the same backend: for each rate of the limit, the
 * key's time of the grant on the backend's clock (the Redis server's {@code TIME} by default) and, for the token
 * bucket and GCRA, the ticks the key owed right after it (a permit is {@code period_ms} ticks); a local tier or a
 * failure policy may add marks of its own. A refund that finds marks it cannot read gives nothing back.
 * <p>
 * It also records who issued it ({@link ReceiptIssuer}: the limit name, plan and algorithm on one backend) and the
 * key of the grant, so that a caller's mix-up cannot give back permits that were never taken where they go back.
 */
public final class MarkedReceipt implements Receipt {

	private final long permits;

	private final long[] marks;

	private final Object issuer;

	private final String key;

	private MarkedReceipt(long permits, long[] marks, Object issuer, String key) {
		this.permits = permits;
		this.marks = marks;
		this.issuer = issuer;
		this.key = key;
	}

	/**
	 * Creates a receipt that no limiter issued yet ({@link #issuedBy(Object, String)} makes it issued).
	 * @param permits the permits the grant took, at least 1
	 * @param marks where the limiter took them, at least one number
	 * @return the receipt
	 * @throws IllegalArgumentException naming the argument and its value when permits are below 1 or there is no
	 * mark
	 */
	public static MarkedReceipt of(long permits, long... marks) {
		check(permits, marks);
		return new MarkedReceipt(permits, marks.clone(), null, null);
	}

	/**
	 * Creates a receipt issued by a limiter for a key.
	 * @param issuer what stands for the issuing limiter (see {@link #issuedBy(Object, String)})
	 * @param key the key of the grant
	 * @param permits the permits the grant took, at least 1
	 * @param marks where the limiter took them, at least one number: a new array, which the receipt keeps as it is
	 * @return the receipt
	 * @throws IllegalArgumentException naming the argument and its value when permits are below 1 or there is no
	 * mark
	 */
	public static MarkedReceipt issued(Object issuer, String key, long permits, long... marks) {
		Objects.requireNonNull(issuer, "issuer must not be null");
		Objects.requireNonNull(key, "key must not be null");
		check(permits, marks);
		return new MarkedReceipt(permits, marks, issuer, key);
	}

	/**
	 * Returns the receipt of a decision when one of Limiter's limiters made it.
	 * @param decision the decision
	 * @return its receipt, {@code null} when it has none or one made elsewhere
	 */
	public static MarkedReceipt in(Decision decision) {
		return (decision.receipt().orElse(null) instanceof MarkedReceipt marked) ? marked : null;
	}

	private static void check(long permits, long[] marks) {
		if (permits < 1) {
			throw new IllegalArgumentException("permits of a receipt must be at least 1 but was " + permits);
		}
		if (marks.length == 0) {
			throw new IllegalArgumentException("marks of a receipt must hold at least one number but were empty");
		}
	}

	/**
	 * Returns this receipt as issued by a limiter for a key, so that a refund can tell its own receipts from others'.
	 * The marks are shared, not copied.
	 * @param issuer what stands for the issuing limiter: equal for limiters that read each other's marks, and whose
	 * {@code toString()} names the limit
	 * @param key the key of the grant
	 * @return a copy of this receipt with the issuer and key
	 */
	public MarkedReceipt issuedBy(Object issuer, String key) {
		return new MarkedReceipt(this.permits, this.marks, Objects.requireNonNull(issuer, "issuer must not be null"),
				Objects.requireNonNull(key, "key must not be null"));
	}

	/** {@return what stands for the limiter that issued this receipt, {@code null} before it is issued} */
	public Object issuer() {
		return this.issuer;
	}

	/** {@return the key of the grant, {@code null} before the receipt is issued} */
	public String key() {
		return this.key;
	}

	@Override
	public long permits() {
		return this.permits;
	}

	/** {@return how many marks the receipt holds} */
	public int size() {
		return this.marks.length;
	}

	/**
	 * Returns one mark.
	 * @param index from 0 to {@link #size()} - 1
	 * @return the mark
	 * @throws IndexOutOfBoundsException when there is no such mark
	 */
	public long mark(int index) {
		return this.marks[index];
	}

	/**
	 * Returns a receipt of the same permits, issuer and key with some of the marks, for the part of a limiter that
	 * wrote them.
	 * @param from the index of the first mark kept
	 * @param to the index after the last mark kept, greater than {@code from}
	 * @return the receipt
	 * @throws IndexOutOfBoundsException when the range is not within the marks
	 */
	public MarkedReceipt marks(int from, int to) {
		if (from < 0 || to > this.marks.length || from >= to) {
			throw new IndexOutOfBoundsException("marks " + from + " to " + to + " of a receipt of "
					+ this.marks.length + " marks");
		}
		return new MarkedReceipt(this.permits, Arrays.copyOfRange(this.marks, from, to), this.issuer, this.key);
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof MarkedReceipt that && this.permits == that.permits
				&& Arrays.equals(this.marks, that.marks) && Objects.equals(this.issuer, that.issuer)
				&& Objects.equals(this.key, that.key));
	}

	@Override
	public int hashCode() {
		return Long.hashCode(this.permits) * 31 + Arrays.hashCode(this.marks);
	}

	@Override
	public String toString() {
		String issued = (this.issuer != null) ? ", issuer=" + this.issuer : "";
		return "Receipt{permits=" + this.permits + ", marks=" + Arrays.toString(this.marks) + issued + "}";
	}

}
