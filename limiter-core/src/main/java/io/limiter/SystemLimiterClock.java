package io.limiter;

/**
 * Wall-clock milliseconds at start, advanced by {@link System#nanoTime()} so that it never goes backwards.
 */
final class SystemLimiterClock implements LimiterClock {

	static final SystemLimiterClock INSTANCE = new SystemLimiterClock();

	private final long originMillis = System.currentTimeMillis();

	private final long originNanos = System.nanoTime();

	private SystemLimiterClock() {
	}

	@Override
	public long millis() {
		return this.originMillis + (System.nanoTime() - this.originNanos) / 1_000_000;
	}

}
