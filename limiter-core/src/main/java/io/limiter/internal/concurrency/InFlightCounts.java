package io.limiter.internal.concurrency;

import java.util.concurrent.ConcurrentHashMap;

import io.limiter.internal.StateKeys;

/**
 * The permits in flight per key in this process: all of them for the in-memory backend, this instance's own for the
 * Redis backend's failure policy. A key has a count while it has a permit in flight; a count back at zero is kept
 * while the map holds at most {@value #IDLE_KEYS_KEPT} keys, so that a key taken and released again and again costs
 * no allocation, and dropped on its last release beyond that. So the memory is bounded by the permits the
 * application holds and that many idle keys; long keys are kept by their hash ({@link StateKeys#memoryKey}).
 */
public final class InFlightCounts {

	/** The most keys kept at zero permits in flight. */
	static final int IDLE_KEYS_KEPT = 1024;

	private final ConcurrentHashMap<String, InFlightCount> counts = new ConcurrentHashMap<>();

	/**
	 * Returns the count of a key, a new one when it has none or one just retired (which it helps drop); a take on it
	 * that still answers {@link InFlightCount#RETIRED} (retired since) looks again.
	 * @param key the user's key
	 * @return the count
	 */
	InFlightCount countOf(String key) {
		String memoryKey = StateKeys.memoryKey(key);
		InFlightCount count = this.counts.get(memoryKey);
		if (count != null) {
			if (!count.isRetired()) {
				return count;
			}
			this.counts.remove(memoryKey, count);
		}
		InFlightCount created = new InFlightCount(memoryKey);
		InFlightCount raced = this.counts.putIfAbsent(memoryKey, created);
		return (raced != null) ? raced : created;
	}

	/**
	 * Takes a permit of a key if fewer than {@code max} are in flight.
	 * @param key the user's key
	 * @param max the most permits in flight
	 * @return whether it was taken, and the permits in flight after
	 */
	public Taken tryTake(String key, long max) {
		while (true) {
			long taken = countOf(key).tryTake(max);
			if (taken != InFlightCount.RETIRED) {
				return new Taken(taken > 0, Math.abs(taken));
			}
		}
	}

	/**
	 * Counts a permit that was granted elsewhere, whatever the count.
	 * @param key the user's key
	 * @return the permits in flight after
	 */
	public long add(String key) {
		while (true) {
			long taken = countOf(key).tryTake(Long.MAX_VALUE);
			if (taken != InFlightCount.RETIRED) {
				return taken;
			}
		}
	}

	/**
	 * Counts a permit of a key as returned.
	 * @param key the user's key
	 */
	public void release(String key) {
		InFlightCount count = this.counts.get(StateKeys.memoryKey(key));
		if (count != null) {
			release(count);
		}
	}

	/**
	 * Counts a permit taken on a count as returned, and drops the count when it is left at zero while the map holds
	 * more than {@value #IDLE_KEYS_KEPT} keys.
	 * @param count the count the permit was taken on
	 */
	void release(InFlightCount count) {
		if (count.release() == 0 && this.counts.size() > IDLE_KEYS_KEPT && count.retireIfIdle()) {
			this.counts.remove(count.key, count);
		}
	}

	/**
	 * Returns how many permits of a key are in flight.
	 * @param key the user's key
	 * @return the count
	 */
	public long inFlight(String key) {
		InFlightCount count = this.counts.get(StateKeys.memoryKey(key));
		return (count != null) ? count.held() : 0;
	}

	/** {@return the number of keys with a count, in flight or idle} */
	int size() {
		return this.counts.size();
	}

	/**
	 * The outcome of {@link #tryTake}.
	 * @param taken whether the permit was taken
	 * @param inFlight the permits in flight after
	 */
	public record Taken(boolean taken, long inFlight) {
	}

}
