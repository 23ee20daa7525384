package io.limiter.internal.redis;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.protocol.RedisCommand;

/**
 * The deadline of a Redis call, adapted to the latency observed in the manner of TCP's retransmission timeout
 * (RFC 6298): a smoothed latency plus four times its mean deviation, between a floor and a ceiling. A busy host
 * that answers slowly raises the deadline with its latency, instead of having its answers counted as failures;
 * a call far past the observed latency still times out. Each timeout doubles the deadline (up to the ceiling)
 * until a call answers again, as TCP backs off. With the floor equal to the ceiling the deadline is fixed.
 * <p>
 * Samples are folded in without a lock: two racing updates may lose one sample, which an estimate can afford.
 * Until the first sample the deadline is the ceiling.
 */
public final class AdaptiveTimeout extends TimeoutOptions.TimeoutSource {

	private static final int MAX_BACKOFF_SHIFT = 16;

	private final long floorNanos;

	private final long ceilingNanos;

	private volatile long smoothedNanos = -1;

	private volatile long deviationNanos;

	private volatile int backoffShift;

	/**
	 * Creates a timeout with no samples yet.
	 * @param floor the shortest deadline, positive
	 * @param ceiling the longest deadline, at least the floor
	 */
	public AdaptiveTimeout(Duration floor, Duration ceiling) {
		if (floor.isNegative() || floor.isZero() || ceiling.compareTo(floor) < 0) {
			throw new IllegalArgumentException("the timeout must be positive and at least the minimum timeout, but was "
					+ ceiling + " with a minimum of " + floor);
		}
		this.floorNanos = floor.toNanos();
		this.ceilingNanos = ceiling.toNanos();
	}

	/**
	 * Returns the deadline of a call that starts now.
	 * @return the deadline in nanoseconds
	 */
	public long currentNanos() {
		long smoothed = this.smoothedNanos;
		if (smoothed < 0) {
			return this.ceilingNanos;
		}
		long estimate = Math.max(this.floorNanos, smoothed + 4 * this.deviationNanos);
		int shift = this.backoffShift;
		if (shift > 0) {
			estimate = (estimate >= (this.ceilingNanos >> shift)) ? this.ceilingNanos : estimate << shift;
		}
		return Math.min(this.ceilingNanos, estimate);
	}

	/** {@return the deadline of a call that starts now, in whole milliseconds (rounded up)} */
	public long currentMillis() {
		return TimeUnit.NANOSECONDS.toMillis(currentNanos() + 999_999);
	}

	/**
	 * Returns the longest deadline.
	 * @return the ceiling in milliseconds
	 */
	public long ceilingMillis() {
		return TimeUnit.NANOSECONDS.toMillis(this.ceilingNanos);
	}

	/**
	 * Folds in the latency of a call that answered, and ends a back-off.
	 * @param latencyNanos the time from sending the call to its answer
	 */
	public void onAnswer(long latencyNanos) {
		long smoothed = this.smoothedNanos;
		if (smoothed < 0) {
			this.smoothedNanos = latencyNanos;
			this.deviationNanos = latencyNanos / 2;
		}
		else {
			long deviation = this.deviationNanos;
			this.deviationNanos = deviation + (Math.abs(latencyNanos - smoothed) - deviation) / 4;
			this.smoothedNanos = smoothed + (latencyNanos - smoothed) / 8;
		}
		if (this.backoffShift != 0) {
			this.backoffShift = 0;
		}
	}

	/**
	 * Doubles the deadline after a call timed out, until a call answers again.
	 */
	public void onTimeout() {
		int shift = this.backoffShift;
		if (shift < MAX_BACKOFF_SHIFT) {
			this.backoffShift = shift + 1;
		}
	}

	/** Lettuce asks this for the timeout of each command it writes, on clients that Limiter creates. */
	@Override
	public long getTimeout(RedisCommand<?, ?, ?> command) {
		return currentNanos();
	}

	@Override
	public TimeUnit getTimeUnit() {
		return TimeUnit.NANOSECONDS;
	}

}
