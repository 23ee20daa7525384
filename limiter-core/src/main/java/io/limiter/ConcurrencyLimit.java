package io.limiter;

import java.time.Duration;
import java.util.Objects;

/**
 * An immutable concurrency limit: at most {@link #maxInFlight()} permits of a key held at once, across every instance
 * that shares the backend, such as "at most 5 report exports in flight per tenant". A permit is held from its grant
 * until it is closed; the {@link #lease()} bounds how long the permit of a holder that died without closing it still
 * counts.
 * <pre>{@code
 * ConcurrencyLimit exports = ConcurrencyLimit.of(5, Duration.ofSeconds(30));
 * }</pre>
 * On Redis the backend renews the lease of every open permit in the background (every third of the lease), so work
 * that runs longer than the lease keeps its permit, and the permits of a process that died return to the key within
 * one lease. In memory a permit counts until it is closed.
 */
public final class ConcurrencyLimit {

	/** The most permits of one key in flight: on Redis each is one member of the key's sorted set. */
	public static final long MAX_IN_FLIGHT = 100_000;

	/** The shortest lease: the backend renews each lease every third of it. */
	public static final Duration MIN_LEASE = Duration.ofMillis(100);

	/** The longest lease. */
	public static final Duration MAX_LEASE = Duration.ofDays(1);

	/** The lease of {@link #of(long)}. */
	public static final Duration DEFAULT_LEASE = Duration.ofSeconds(30);

	private final long maxInFlight;

	private final Duration lease;

	private ConcurrencyLimit(long maxInFlight, Duration lease) {
		this.maxInFlight = maxInFlight;
		this.lease = lease;
	}

	/**
	 * Creates a limit with the {@linkplain #DEFAULT_LEASE default lease}.
	 * @param maxInFlight the most permits of one key held at once, 1 to {@value #MAX_IN_FLIGHT}
	 * @return the limit
	 * @throws IllegalArgumentException naming the field and the value when it is out of range
	 */
	public static ConcurrencyLimit of(long maxInFlight) {
		return of(maxInFlight, DEFAULT_LEASE);
	}

	/**
	 * Creates a limit, checking every argument.
	 * @param maxInFlight the most permits of one key held at once, 1 to {@value #MAX_IN_FLIGHT}
	 * @param lease how long a permit whose holder stopped renewing it still counts: a whole number of milliseconds
	 * from {@link #MIN_LEASE} to {@link #MAX_LEASE}
	 * @return the limit
	 * @throws IllegalArgumentException naming the field and the value when an argument is out of range
	 */
	public static ConcurrencyLimit of(long maxInFlight, Duration lease) {
		if (maxInFlight < 1 || maxInFlight > MAX_IN_FLIGHT) {
			throw new IllegalArgumentException(
					"maxInFlight must be from 1 to " + MAX_IN_FLIGHT + " but was " + maxInFlight);
		}
		Objects.requireNonNull(lease, "lease must not be null");
		if (lease.compareTo(MIN_LEASE) < 0 || lease.compareTo(MAX_LEASE) > 0 || lease.toNanos() % 1_000_000 != 0) {
			throw new IllegalArgumentException("lease must be a whole number of milliseconds from " + MIN_LEASE
					+ " to " + MAX_LEASE + " but was " + lease);
		}
		return new ConcurrencyLimit(maxInFlight, lease);
	}

	/** {@return the most permits of one key held at once} */
	public long maxInFlight() {
		return this.maxInFlight;
	}

	/** {@return how long a permit whose holder stopped renewing it still counts} */
	public Duration lease() {
		return this.lease;
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof ConcurrencyLimit that && this.maxInFlight == that.maxInFlight
				&& this.lease.equals(that.lease));
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.maxInFlight, this.lease);
	}

	@Override
	public String toString() {
		return "at most " + this.maxInFlight + " in flight (lease " + this.lease + ")";
	}

}
