package io.limiter.internal.concurrency;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.internal.StateKeys;

/**
 * The permits in flight per key in this process: all of them for the in-memory backend, this instance's own for the
 * Redis backend's failure policy. Only keys with a permit in flight are kept, so the memory is bounded by the permits
 * the application holds; long keys are kept by their hash ({@link StateKeys#memoryKey}).
 */
public final class InFlightCounts {

	private final Map<String, Long> counts = new ConcurrentHashMap<>();

	/**
	 * Takes a permit of a key if fewer than {@code max} are in flight.
	 * @param key the user's key
	 * @param max the most permits in flight
	 * @return whether it was taken, and the permits in flight after
	 */
	public Taken tryTake(String key, long max) {
		boolean[] taken = new boolean[1];
		Long count = this.counts.compute(StateKeys.memoryKey(key), (ignored, held) -> {
			long now = (held != null) ? held : 0;
			if (now >= max) {
				return held;
			}
			taken[0] = true;
			return now + 1;
		});
		return new Taken(taken[0], (count != null) ? count : 0);
	}

	/**
	 * Counts a permit that was granted elsewhere, whatever the count.
	 * @param key the user's key
	 * @return the permits in flight after
	 */
	public long add(String key) {
		return this.counts.merge(StateKeys.memoryKey(key), 1L, Long::sum);
	}

	/**
	 * Counts a permit of a key as returned.
	 * @param key the user's key
	 */
	public void release(String key) {
		this.counts.computeIfPresent(StateKeys.memoryKey(key), (ignored, held) -> (held > 1) ? held - 1 : null);
	}

	/**
	 * Returns how many permits of a key are in flight.
	 * @param key the user's key
	 * @return the count
	 */
	public long inFlight(String key) {
		return this.counts.getOrDefault(StateKeys.memoryKey(key), 0L);
	}

	/**
	 * The outcome of {@link #tryTake}.
	 * @param taken whether the permit was taken
	 * @param inFlight the permits in flight after
	 */
	public record Taken(boolean taken, long inFlight) {
	}

}
