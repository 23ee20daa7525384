package io.limiter;

import java.time.Duration;
import java.util.Objects;

/**
 * One rate of a {@link Limit}: {@code capacity} permits per {@code period}. A limit holds one rate, or several that
 * must all allow a request ("10 per second and 1,000 per hour").
 * <pre>{@code
 * Rate perSecond = Rate.of(10, Duration.ofSeconds(1));
 * }</pre>
 */
public final class Rate {

	private final long capacity;

	private final Duration period;

	private final long periodMillis;

	private Rate(long capacity, Duration period) {
		this.capacity = capacity;
		this.period = period;
		this.periodMillis = period.toMillis();
	}

	/**
	 * Creates a rate, checking both arguments.
	 * @param capacity the permits per period, at least 1
	 * @param period the period, a whole number of milliseconds, at least 1 ms
	 * @return the rate
	 * @throws IllegalArgumentException naming the field and the value when an argument is out of range, or when
	 * {@code capacity x period} passes {@link Limit#MAX_CAPACITY_PERIOD_PRODUCT}
	 */
	public static Rate of(long capacity, Duration period) {
		return new Rate(checkCapacity(capacity), checkPeriod(period)).checkProduct();
	}

	static long checkCapacity(long capacity) {
		if (capacity < 1) {
			throw new IllegalArgumentException("capacity must be at least 1 but was " + capacity);
		}
		return capacity;
	}

	static Duration checkPeriod(Duration period) {
		Objects.requireNonNull(period, "period must not be null");
		if (period.isNegative() || period.isZero() || period.toNanos() % 1_000_000 != 0) {
			throw new IllegalArgumentException("period must be a positive whole number of milliseconds but was " + period);
		}
		return period;
	}

	private Rate checkProduct() {
		if (this.capacity > Limit.MAX_CAPACITY_PERIOD_PRODUCT / this.periodMillis) {
			throw new IllegalArgumentException("capacity x period must be at most 2^53 permit-milliseconds but "
					+ "capacity was " + this.capacity + " and period was " + this.period);
		}
		return this;
	}

	/**
	 * Returns the permits per period, which is also the burst of the bucket algorithms.
	 * @return the capacity
	 */
	public long capacity() {
		return this.capacity;
	}

	/** {@return the period, the window length of the window algorithms} */
	public Duration period() {
		return this.period;
	}

	/** {@return the period in milliseconds} */
	public long periodMillis() {
		return this.periodMillis;
	}

	@Override
	public boolean equals(Object other) {
		return this == other
				|| (other instanceof Rate that && this.capacity == that.capacity && this.periodMillis == that.periodMillis);
	}

	@Override
	public int hashCode() {
		return Long.hashCode(this.capacity) * 31 + Long.hashCode(this.periodMillis);
	}

	@Override
	public String toString() {
		return this.capacity + " per " + this.period;
	}

}
