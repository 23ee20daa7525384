package io.limiter;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The answer to one request for permits: whether they were granted, and everything an HTTP layer needs for
 * rate-limit headers.
 * <p>
 * Times are relative to the moment of the decision and rounded up to whole milliseconds. Of a limit of several
 * rates, a decision reports one {@linkplain #rate() rate}, the closest to refusing: of a grant, the rate with the
 * fewest permits left; of a denial, the refusing rate with the fewest permits left (of equals, the one refused
 * longest), whose limit, remaining permits and reset-after it tells, with the latest retry-after of the refusing
 * rates.
 * <p>
 * Limiters make decisions, and so can an application's tests, for the code that reads them (a handler of denials, a
 * stubbed {@link RateLimiter}):
 * <pre>{@code
 * Decision denied = Decision.denied(10, 0, 2_500, 60_000);   // limit 10, none left, retry in 2.5 s, full in 60 s
 * Decision allowed = Decision.allowed(10, 7, 300);           // limit 10, 7 left, full in 300 ms
 * Decision degraded = Decision.of(false, 10, 0, 1_000, 0, 0, true, false, 0, null);   // the failure policy denied
 * }</pre>
 * <p>
 * A grant that took permits from the key's state carries its limiter's {@link Receipt}, which
 * {@link RateLimiter#refund(String, Decision)} reads to give back only what those permits still hold, and only through
 * a limiter of the same limit and plan, under the same key.
 * <p>
 * Its size is that of a value with its checked factories and a millisecond twin of every time.
 */
public final class Decision {

	private final boolean allowed;

	private final long limit;

	private final long remaining;

	private final long retryAfterMillis;

	private final long resetAfterMillis;

	private final long delayMillis;

	private final boolean degraded;

	private final boolean local;

	private final int rate;

	private final Receipt receipt;

	private Decision(boolean allowed, long limit, long remaining, long retryAfterMillis, long resetAfterMillis,
			long delayMillis, boolean degraded, boolean local, int rate, Receipt receipt) {
		this.allowed = allowed;
		this.limit = limit;
		this.remaining = remaining;
		this.retryAfterMillis = retryAfterMillis;
		this.resetAfterMillis = resetAfterMillis;
		this.delayMillis = delayMillis;
		this.degraded = degraded;
		this.local = local;
		this.rate = rate;
		this.receipt = receipt;
	}

	/**
	 * Creates a decision that grants the permits at once.
	 * @param limit the capacity of the reported rate, at least 0
	 * @param remaining the permits a new request could take right after this decision, at least 0
	 * @param resetAfterMillis the time until the key is back to full capacity, at least 0
	 * @return the decision, of the limit's first rate
	 * @throws IllegalArgumentException naming the argument and its value when one is negative
	 */
	public static Decision allowed(long limit, long remaining, long resetAfterMillis) {
		return checked(true, limit, remaining, 0, resetAfterMillis, 0);
	}

	/**
	 * Creates a decision that grants permits reserved ahead of time: the caller may use them only after
	 * {@code delayMillis}, and no permit is left.
	 * @param limit the capacity of the reported rate, at least 0
	 * @param delayMillis how long the caller must wait before using the permits, at least 0
	 * @param resetAfterMillis the time until the key is back to full capacity, at least 0
	 * @return the decision, of the limit's first rate
	 * @throws IllegalArgumentException naming the argument and its value when one is negative
	 */
	public static Decision reserved(long limit, long delayMillis, long resetAfterMillis) {
		return checked(true, limit, 0, 0, resetAfterMillis, delayMillis);
	}

	/**
	 * Creates a decision that refuses the permits.
	 * @param limit the capacity of the reported rate, at least 0
	 * @param remaining the permits available now (fewer than requested), at least 0
	 * @param retryAfterMillis the time after which the same request can be granted, at least 0
	 * @param resetAfterMillis the time until the key is back to full capacity, at least 0
	 * @return the decision, of the limit's first rate
	 * @throws IllegalArgumentException naming the argument and its value when one is negative
	 */
	public static Decision denied(long limit, long remaining, long retryAfterMillis, long resetAfterMillis) {
		return checked(false, limit, remaining, retryAfterMillis, resetAfterMillis, 0);
	}

	/**
	 * Creates a decision with every field, as limiters make them: for code that reads decisions made by the failure
	 * policy, the local tier or one rate of several ({@link #allowed}, {@link #reserved} and {@link #denied} make the
	 * others).
	 * @param allowed whether the permits were granted
	 * @param limit the capacity of the reported rate, at least 0
	 * @param remaining the permits a new request could take right after this decision, at least 0
	 * @param retryAfterMillis the time after which the same request can be granted, at least 0 (0 for a grant)
	 * @param resetAfterMillis the time until the key is back to full capacity, at least 0
	 * @param delayMillis how long the caller must wait before using reserved permits, at least 0 (0 for a denial)
	 * @param degraded whether the {@link FailurePolicy} decided because the backend could not
	 * @param local whether the local tier decided in this process, without the backend
	 * @param rate the index, in {@link Limit#rates()}, of the rate the decision reports, at least 0
	 * @param receipt what a grant took, {@code null} for none (a denial takes nothing)
	 * @return the decision
	 * @throws IllegalArgumentException naming the argument and its value when one is negative, or when a denial is
	 * given a receipt
	 */
	public static Decision of(boolean allowed, long limit, long remaining, long retryAfterMillis,
			long resetAfterMillis, long delayMillis, boolean degraded, boolean local, int rate, Receipt receipt) {
		if ((limit | remaining | retryAfterMillis | resetAfterMillis | delayMillis | rate) < 0) {
			throw negative(limit, remaining, retryAfterMillis, resetAfterMillis, delayMillis, rate);
		}
		if (receipt != null && !allowed) {
			throw new IllegalArgumentException("a denial takes nothing, so it has no receipt, but was given " + receipt);
		}
		return new Decision(allowed, limit, remaining, retryAfterMillis, resetAfterMillis, delayMillis, degraded, local,
				rate, receipt);
	}

	private static Decision checked(boolean allowed, long limit, long remaining, long retryAfterMillis,
			long resetAfterMillis, long delayMillis) {
		if ((limit | remaining | retryAfterMillis | resetAfterMillis | delayMillis) < 0) {
			throw negative(limit, remaining, retryAfterMillis, resetAfterMillis, delayMillis);
		}
		return new Decision(allowed, limit, remaining, retryAfterMillis, resetAfterMillis, delayMillis, false, false,
				0, null);
	}

	/** Kept out of {@link #checked}, so that the factories stay small enough to inline on the decision path. */
	private static IllegalArgumentException negative(long... values) {
		String[] names = { "limit", "remaining", "retryAfterMillis", "resetAfterMillis", "delayMillis", "rate" };
		StringJoiner negative = new StringJoiner(", ", "", " of a decision must be at least 0");
		for (int i = 0; i < values.length; i++) {
			if (values[i] < 0) {
				negative.add(names[i] + " (" + values[i] + ")");
			}
		}
		return new IllegalArgumentException(negative.toString());
	}

	/**
	 * Returns whether the permits were granted.
	 * @return {@code true} when granted
	 */
	public boolean isAllowed() {
		return this.allowed;
	}

	/** {@return the capacity of the rate this decision reports (see {@link #rate()})} */
	public long limit() {
		return this.limit;
	}

	/**
	 * Returns the permits that a new request could take right after this decision.
	 * @return the remaining permits, never negative
	 */
	public long remaining() {
		return this.remaining;
	}

	/**
	 * Returns how long to wait before the same request can be granted; zero when allowed.
	 * @return the retry-after time
	 */
	public Duration retryAfter() {
		return Duration.ofMillis(this.retryAfterMillis);
	}

	/**
	 * Returns {@link #retryAfter()} in milliseconds.
	 * @return the retry-after time in milliseconds
	 */
	public long retryAfterMillis() {
		return this.retryAfterMillis;
	}

	/**
	 * Returns how long until the limit is back to its full capacity for this key.
	 * @return the reset-after time
	 */
	public Duration resetAfter() {
		return Duration.ofMillis(this.resetAfterMillis);
	}

	/**
	 * Returns {@link #resetAfter()} in milliseconds.
	 * @return the reset-after time in milliseconds
	 */
	public long resetAfterMillis() {
		return this.resetAfterMillis;
	}

	/**
	 * Returns how long the caller must wait before using permits granted by a reservation; zero for every
	 * decision made without one.
	 * @return the delay
	 */
	public Duration delay() {
		return Duration.ofMillis(this.delayMillis);
	}

	/** {@return {@link #delay()} in milliseconds} */
	public long delayMillis() {
		return this.delayMillis;
	}

	/**
	 * Returns whether the backend could not decide and the {@link FailurePolicy} did instead.
	 * @return {@code true} for a decision of the failure policy
	 */
	public boolean isDegraded() {
		return this.degraded;
	}

	/**
	 * Returns whether the local tier of a Redis backend made this decision in this process, without asking
	 * Redis.
	 * @return {@code true} for a decision of the local tier
	 */
	public boolean isLocal() {
		return this.local;
	}

	/**
	 * Returns the index, in {@link Limit#rates()}, of the rate this decision reports: its limit, remaining permits
	 * and reset-after are that rate's (its retry-after is the latest of the refusing rates'). Always 0 for a limit of
	 * one rate.
	 * @return the index of the reported rate
	 */
	public int rate() {
		return this.rate;
	}

	/**
	 * Returns what this grant took, as its limiter recorded it: present on a grant of at least one permit taken from
	 * the key's state, absent on a denial, a look, a grant the failure policy made without state, and a decision made
	 * outside a limiter.
	 * @return the receipt, if any
	 */
	public Optional<Receipt> receipt() {
		return Optional.ofNullable(this.receipt);
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Decision that && this.allowed == that.allowed
				&& this.limit == that.limit && this.remaining == that.remaining
				&& this.retryAfterMillis == that.retryAfterMillis && this.resetAfterMillis == that.resetAfterMillis
				&& this.delayMillis == that.delayMillis && this.degraded == that.degraded && this.local == that.local
				&& this.rate == that.rate && Objects.equals(this.receipt, that.receipt));
	}

	@Override
	public int hashCode() {
		return Long.hashCode(this.remaining) * 31 + Long.hashCode(this.retryAfterMillis) * 17
				+ Long.hashCode(this.resetAfterMillis) + (this.allowed ? 1 : 0);
	}

	@Override
	public String toString() {
		return (this.allowed ? "allowed" : "denied") + "{limit=" + this.limit + ", remaining=" + this.remaining
				+ ", retryAfterMs=" + this.retryAfterMillis + ", resetAfterMs=" + this.resetAfterMillis
				+ ", delayMs=" + this.delayMillis + (this.degraded ? ", degraded" : "")
				+ (this.local ? ", local" : "") + ((this.rate > 0) ? ", rate=" + this.rate : "")
				+ ((this.receipt != null) ? ", " + this.receipt : "") + "}";
	}

}
