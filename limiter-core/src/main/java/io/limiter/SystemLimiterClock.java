package io.limiter;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Wall-clock milliseconds at start, advanced by {@link System#nanoTime()} so that it never goes backwards, and read
 * by a daemon thread once a millisecond rather than by every caller.
 * <p>
 * A read of the system timer costs about as much as a whole in-memory decision, so the thread ({@code limiter-clock})
 * keeps the current millisecond in a field and a read is a volatile load. The field lags the timer by less than a
 * tick plus the thread's scheduling delay; a lagging clock only ever refills later, never more. After a second
 * without reads the thread ends, so that nothing is left running (or holding its class loader) once an application
 * stops deciding, and the next read reads the timer itself and starts a new one.
 */
final class SystemLimiterClock implements LimiterClock {

	static final SystemLimiterClock INSTANCE = new SystemLimiterClock(TimeUnit.MILLISECONDS.toNanos(1), 1000);

	private final long originMillis = System.currentTimeMillis();

	private final long originNanos = System.nanoTime();

	private final long tickNanos;

	private final int ticksBeforeIdleCheck;

	private volatile long millis;

	private volatile boolean ticking;

	private volatile boolean readSinceIdleCheck;

	private volatile Thread ticker;

	SystemLimiterClock(long tickNanos, int ticksBeforeIdleCheck) {
		this.tickNanos = tickNanos;
		this.ticksBeforeIdleCheck = ticksBeforeIdleCheck;
	}

	@Override
	public long millis() {
		if (!this.ticking) {
			return start();
		}
		if (!this.readSinceIdleCheck) {
			this.readSinceIdleCheck = true;
		}
		return this.millis;
	}

	/**
	 * Returns the time read from the system timer now.
	 * @return the current time in milliseconds
	 */
	long exactMillis() {
		return this.originMillis + (System.nanoTime() - this.originNanos) / 1_000_000;
	}

	/**
	 * Returns whether a thread is keeping the time.
	 * @return {@code false} before the first read and after a second without reads
	 */
	boolean isTicking() {
		return this.ticking;
	}

	/**
	 * Returns the thread that keeps the time, or kept it last.
	 * @return the thread, or {@code null} before the first read
	 */
	Thread ticker() {
		return this.ticker;
	}

	private synchronized long start() {
		if (!this.ticking) {
			this.millis = exactMillis();
			this.readSinceIdleCheck = true;
			this.ticking = true;
			Thread thread = new Thread(this::tick, "limiter-clock");
			thread.setDaemon(true);
			thread.start();
			this.ticker = thread;
		}
		return this.millis;
	}

	private void tick() {
		int ticks = 0;
		while (true) {
			LockSupport.parkNanos(this, this.tickNanos);
			this.millis = exactMillis();
			if (++ticks == this.ticksBeforeIdleCheck) {
				ticks = 0;
				if (!this.readSinceIdleCheck && stop()) {
					return;
				}
				this.readSinceIdleCheck = false;
			}
		}
	}

	private synchronized boolean stop() {
		if (this.readSinceIdleCheck) {
			return false;
		}
		this.ticking = false;
		return true;
	}

}
