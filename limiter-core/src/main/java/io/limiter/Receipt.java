package io.limiter;

import java.util.Arrays;

/**
 * What a grant took, as its limiter recorded it, so that {@link RateLimiter#refund(String, Decision)} gives back only
 * the capacity those permits still hold where they were taken: the permits, and marks that say where. A limiter
 * attaches it to every grant of at least one permit that it took from the key's state ({@link Decision#receipt()});
 * an application passes the decision back and has no use for the numbers.
 * <p>
 * The marks are the backend's own, read only by the limiter of the same name on the same backend: for each rate of
 * the limit, the key's time of the grant on the backend's clock (the Redis server's {@code TIME} by default) and, for
 * the token bucket and GCRA, the ticks the key owed right after it (a permit is {@code period_ms} ticks); a local tier
 * or a failure policy may add marks of its own. A refund that finds marks it cannot read gives nothing back.
 */
public final class Receipt {

	private final long permits;

	private final long[] marks;

	private Receipt(long permits, long[] marks) {
		this.permits = permits;
		this.marks = marks;
	}

	/**
	 * Creates a receipt.
	 * @param permits the permits the grant took, at least 1
	 * @param marks where the limiter took them, at least one number
	 * @return the receipt
	 * @throws IllegalArgumentException naming the argument and its value when permits are below 1 or there is no
	 * mark
	 */
	public static Receipt of(long permits, long... marks) {
		if (permits < 1) {
			throw new IllegalArgumentException("permits of a receipt must be at least 1 but was " + permits);
		}
		if (marks.length == 0) {
			throw new IllegalArgumentException("marks of a receipt must hold at least one number but were empty");
		}
		return new Receipt(permits, marks.clone());
	}

	/** {@return the permits the grant took} */
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
	 * Returns a receipt of the same permits with some of the marks, for the part of a limiter that wrote them.
	 * @param from the index of the first mark kept
	 * @param to the index after the last mark kept, greater than {@code from}
	 * @return the receipt
	 * @throws IndexOutOfBoundsException when the range is not within the marks
	 */
	public Receipt marks(int from, int to) {
		if (from < 0 || to > this.marks.length || from >= to) {
			throw new IndexOutOfBoundsException("marks " + from + " to " + to + " of a receipt of "
					+ this.marks.length + " marks");
		}
		return new Receipt(this.permits, Arrays.copyOfRange(this.marks, from, to));
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Receipt that && this.permits == that.permits
				&& Arrays.equals(this.marks, that.marks));
	}

	@Override
	public int hashCode() {
		return Long.hashCode(this.permits) * 31 + Arrays.hashCode(this.marks);
	}

	@Override
	public String toString() {
		return "Receipt{permits=" + this.permits + ", marks=" + Arrays.toString(this.marks) + "}";
	}

}
