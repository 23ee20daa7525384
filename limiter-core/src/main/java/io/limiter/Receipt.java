package io.limiter;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

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
 * <p>
 * A limiter also records who issued the receipt, so that a caller's mix-up cannot give back permits that were never
 * taken where they go back: its {@linkplain #issuer() issuer}, which stands for the limit name, plan and algorithm on
 * one backend, and the {@linkplain #key() key} of the grant, both references the limiter already holds. Every limiter
 * of that name and plan on the backend is the same issuer: one asked for again, and one of an update to another
 * capacity or period, whose refund reads the marks with its own numbers as it reads the key's state. A refund through
 * a limiter of another name, plan or backend, or under another key, throws an {@link IllegalArgumentException} naming
 * both and gives nothing back; so does a receipt made with {@link #of(long, long...)} (for tests of code that reads
 * decisions), which no limiter issued. A grant taken before an update to another algorithm gives nothing back: the
 * update started the key afresh.
 */
public final class Receipt {

	private final long permits;

	private final long[] marks;

	private final Object issuer;

	private final String key;

	private Receipt(long permits, long[] marks, Object issuer, String key) {
		this.permits = permits;
		this.marks = marks;
		this.issuer = issuer;
		this.key = key;
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
		return new Receipt(permits, checkedMarks(permits, marks), null, null);
	}

	/**
	 * Creates a receipt issued by a limiter for a key, as {@link #issuedBy(Object, String)} makes one of
	 * {@link #of(long, long...)}.
	 * @param issuer what stands for the issuing limiter (see {@link #issuedBy(Object, String)})
	 * @param key the key of the grant
	 * @param permits the permits the grant took, at least 1
	 * @param marks where the limiter took them, at least one number
	 * @return the receipt
	 * @throws IllegalArgumentException naming the argument and its value when permits are below 1 or there is no
	 * mark
	 */
	public static Receipt issued(Object issuer, String key, long permits, long... marks) {
		Objects.requireNonNull(issuer, "issuer must not be null");
		Objects.requireNonNull(key, "key must not be null");
		return new Receipt(permits, checkedMarks(permits, marks), issuer, key);
	}

	private static long[] checkedMarks(long permits, long[] marks) {
		if (permits < 1) {
			throw new IllegalArgumentException("permits of a receipt must be at least 1 but was " + permits);
		}
		if (marks.length == 0) {
			throw new IllegalArgumentException("marks of a receipt must hold at least one number but were empty");
		}
		return marks.clone();
	}

	/**
	 * Returns this receipt as issued by a limiter for a key; limiters call it, so that a refund can tell its own
	 * receipts from others'. The marks are shared, not copied.
	 * @param issuer what stands for the issuing limiter: equal for limiters that read each other's marks, and whose
	 * {@code toString()} names the limit
	 * @param key the key of the grant
	 * @return a copy of this receipt with the issuer and key
	 */
	public Receipt issuedBy(Object issuer, String key) {
		return new Receipt(this.permits, this.marks, Objects.requireNonNull(issuer, "issuer must not be null"),
				Objects.requireNonNull(key, "key must not be null"));
	}

	/**
	 * Returns what stands for the limiter that issued this receipt; its {@code toString()} names the limit.
	 * @return the issuer, absent on a receipt made with {@link #of(long, long...)}
	 */
	public Optional<Object> issuer() {
		return Optional.ofNullable(this.issuer);
	}

	/**
	 * Returns the key of the grant.
	 * @return the key, absent on a receipt made with {@link #of(long, long...)}
	 */
	public Optional<String> key() {
		return Optional.ofNullable(this.key);
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
	 * Returns a receipt of the same permits, issuer and key with some of the marks, for the part of a limiter that
	 * wrote them.
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
		return new Receipt(this.permits, Arrays.copyOfRange(this.marks, from, to), this.issuer, this.key);
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Receipt that && this.permits == that.permits
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
