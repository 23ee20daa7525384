package io.limiter.internal.concurrency;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The permits of one key in flight in this process, taken and released with one atomic instruction each. A count
 * back at zero may be retired ({@link #retireIfIdle()}) when its map drops it: a take that finds it retired looks the
 * key up again, so no permit is ever counted on a count that is no longer kept.
 */
final class InFlightCount {

	/** What {@link #tryTake} answers on a retired count. */
	static final long RETIRED = 0;

	private static final long GONE = -1;

	private static final VarHandle HELD;

	static {
		try {
			HELD = MethodHandles.lookup().findVarHandle(InFlightCount.class, "held", long.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	/** The key as the map keeps it. */
	final String key;

	@SuppressWarnings("unused") // read and written through HELD
	private volatile long held;

	InFlightCount(String key) {
		this.key = key;
	}

	/**
	 * Takes a permit if fewer than {@code max} are held.
	 * @param max the most permits in flight, at least 1
	 * @return the permits held with this one when it was taken; minus the permits held when it was not; {@link #RETIRED}
	 * when this count is no longer kept
	 */
	long tryTake(long max) {
		while (true) {
			long now = (long) HELD.getVolatile(this);
			if (now == GONE) {
				return RETIRED;
			}
			if (now >= max) {
				return -now;
			}
			if (HELD.compareAndSet(this, now, now + 1)) {
				return now + 1;
			}
		}
	}

	/**
	 * Returns a permit; called once per permit taken, so the count is at least 1.
	 * @return the permits held after
	 */
	long release() {
		return (long) HELD.getAndAdd(this, -1L) - 1;
	}

	/** {@return the permits held, 0 once retired} */
	long held() {
		return Math.max(0, (long) HELD.getVolatile(this));
	}

	/** {@return whether this count is no longer kept} */
	boolean isRetired() {
		return (long) HELD.getVolatile(this) == GONE;
	}

	/** {@return whether this count held nothing and is now retired} */
	boolean retireIfIdle() {
		return HELD.compareAndSet(this, 0L, GONE);
	}

}
