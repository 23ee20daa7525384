package io.limiter;

/**
 * The time source of in-process decisions, in milliseconds. Tests pass their own to move time instead of
 * sleeping.
 */
@FunctionalInterface
public interface LimiterClock {

	/**
	 * {@return the current time in milliseconds} It need not be wall-clock time, but it must not go backwards by more
	 * than the application accepts: decisions treat a regression as no time passing.
	 */
	long millis();

	/** {@return the system clock: wall-clock milliseconds, made monotonic by the system's nano timer} */
	static LimiterClock system() {
		return SystemLimiterClock.INSTANCE;
	}

}
