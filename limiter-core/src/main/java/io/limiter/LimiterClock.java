package io.limiter;

/**
 * The time source of in-process decisions, in milliseconds. Tests pass their own to move time instead of
 * sleeping: a counter they advance is one ({@code AtomicLong now = new AtomicLong();} then {@code now::get}), given to
 * {@link InMemoryBackend.Builder#clock(LimiterClock)}, or declared as a bean for the Spring Boot starter's in-memory
 * backend.
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
