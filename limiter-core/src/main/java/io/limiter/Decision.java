package io.limiter;

import java.time.Duration;

import io.limiter.internal.Decisions;

/**
 * The answer to one request for permits: whether they were granted, and everything an HTTP layer needs for
 * rate-limit headers. Only limiters make decisions; an application reads them.
 * <p>
 * Times are relative to the moment of the decision and rounded up to whole milliseconds. Of a limit of several
 * rates, a decision reports one {@linkplain #rate() rate}, the closest to refusing: of a grant, the rate with the
 * fewest permits left; of a denial, the refusing rate with the fewest permits left (of equals, the one refused
 * longest), whose limit, remaining permits and reset-after it tells, with the latest retry-after of the refusing
 * rates.
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

	private Decision(boolean allowed, long limit, long remaining, long retryAfterMillis, long resetAfterMillis,
			long delayMillis) {
		this(allowed, limit, remaining, retryAfterMillis, resetAfterMillis, delayMillis, false, false, 0);
	}

	private Decision(boolean allowed, long limit, long remaining, long retryAfterMillis, long resetAfterMillis,
			long delayMillis, boolean degraded, boolean local, int rate) {
		this.allowed = allowed;
		this.limit = limit;
		this.remaining = remaining;
		this.retryAfterMillis = retryAfterMillis;
		this.resetAfterMillis = resetAfterMillis;
		this.delayMillis = delayMillis;
		this.degraded = degraded;
		this.local = local;
		this.rate = rate;
	}

	static {
		Decisions.install(new Decisions.Factory() {

			@Override
			public Decision allowed(long limit, long remaining, long resetAfterMillis) {
				return new Decision(true, limit, remaining, 0, resetAfterMillis, 0);
			}

			@Override
			public Decision reserved(long limit, long delayMillis, long resetAfterMillis) {
				return new Decision(true, limit, 0, 0, resetAfterMillis, delayMillis);
			}

			@Override
			public Decision denied(long limit, long remaining, long retryAfterMillis, long resetAfterMillis) {
				return new Decision(false, limit, remaining, retryAfterMillis, resetAfterMillis, 0);
			}

		});
	}

	/**
	 * Returns whether the permits were granted.
	 * @return {@code true} when granted
	 */
	public boolean isAllowed() {
		return this.allowed;
	}

	/** {@return the capacity of the limit that made this decision} */
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
	 * Returns this decision marked as made by the failure policy.
	 * @return a degraded copy
	 */
	public Decision degraded() {
		return new Decision(this.allowed, this.limit, this.remaining, this.retryAfterMillis, this.resetAfterMillis,
				this.delayMillis, true, this.local, this.rate);
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
	 * Returns this decision marked as made by the local tier.
	 * @return a local copy
	 */
	public Decision local() {
		return new Decision(this.allowed, this.limit, this.remaining, this.retryAfterMillis, this.resetAfterMillis,
				this.delayMillis, this.degraded, true, this.rate);
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
	 * Returns this decision as the report of the rate of an index of a limit of several rates.
	 * @param index the index of the rate in {@link Limit#rates()}, at least 0
	 * @return a decision equal to this one but for its rate
	 */
	public Decision forRate(int index) {
		if (index < 0) {
			throw new IllegalArgumentException("index must be at least 0 but was " + index);
		}
		return (index == this.rate) ? this : new Decision(this.allowed, this.limit, this.remaining,
				this.retryAfterMillis, this.resetAfterMillis, this.delayMillis, this.degraded, this.local, index);
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Decision that && this.allowed == that.allowed
				&& this.limit == that.limit && this.remaining == that.remaining
				&& this.retryAfterMillis == that.retryAfterMillis && this.resetAfterMillis == that.resetAfterMillis
				&& this.delayMillis == that.delayMillis && this.degraded == that.degraded && this.local == that.local
				&& this.rate == that.rate);
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
				+ (this.local ? ", local" : "") + ((this.rate > 0) ? ", rate=" + this.rate : "") + "}";
	}

}
