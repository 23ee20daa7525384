package io.limiter;

/**
 * What a grant took, as its limiter recorded it, so that {@link RateLimiter#refund(String, Decision)} gives back only
 * the capacity those permits still hold where they were taken. A limiter attaches one to every grant of at least one
 * permit that it took from the key's state ({@link Decision#receipt()}); an application passes the decision back and
 * has no use for what the receipt holds beyond the permits.
 * <p>
 * What a receipt records (for each rate of the limit, the key's time of the grant on the backend's clock and, for the
 * token bucket and GCRA, the ticks the key owed right after it; the limit, plan, backend and key that issued it) is
 * read only by the limiter of the same name and plan on the same backend, under the same key. A refund through
 * another limiter or under another key, or of a receipt that no limiter issued, throws an
 * {@link IllegalArgumentException} naming both and gives nothing back. A grant taken before an update to another
 * algorithm gives nothing back: the update started the key afresh.
 */
public interface Receipt {

	/** {@return the permits the grant took} */
	long permits();

}
