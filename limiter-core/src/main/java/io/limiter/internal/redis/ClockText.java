package io.limiter.internal.redis;

import io.limiter.LimiterClock;

/**
 * A clock's time as a script argument: the text of a millisecond is made once, and the calls of the same
 * millisecond share it.
 */
final class ClockText {

	private final LimiterClock clock;

	private volatile Reading last = new Reading(Long.MIN_VALUE, "");

	ClockText(LimiterClock clock) {
		this.clock = clock;
	}

	/** {@return the clock's time now, in decimal milliseconds} */
	String now() {
		long millis = this.clock.millis();
		Reading reading = this.last;
		if (reading.millis != millis) {
			reading = new Reading(millis, Long.toString(millis));
			this.last = reading;
		}
		return reading.text;
	}

	private record Reading(long millis, String text) {
	}

}
