package io.limiter.contract;

import java.util.concurrent.atomic.AtomicLong;

import io.limiter.LimiterClock;

/**
 * A clock that tests move by hand.
 */
public final class ManualClock implements LimiterClock {

	/** A plausible wall-clock time, so Redis sees realistic values. */
	public static final long START = 1_700_000_000_000L;

	private final AtomicLong now = new AtomicLong(START);

	@Override
	public long millis() {
		return this.now.get();
	}

	/**
	 * Moves the clock forward, or backward with a negative amount.
	 * @param millis how far
	 */
	public void advance(long millis) {
		this.now.addAndGet(millis);
	}

	/**
	 * Sets the clock to a time.
	 * @param millis the time, in milliseconds since the epoch
	 */
	public void set(long millis) {
		this.now.set(millis);
	}

	/** Puts the clock back at {@link #START}. */
	public void reset() {
		this.now.set(START);
	}

}
