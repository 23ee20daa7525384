package io.limiter.internal.memory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A concurrent map of per-key state with a maximum size, so that strangers sending new keys cannot grow the
 * heap without limit, and that never forgets a state that still matters: for state whose absence is safe, such as
 * the local tier's, where a key without one is decided by Redis. In-memory limits, where every key must have a
 * state, keep theirs in an {@link EvictingStateMap}.
 * <p>
 * When a new key finds the map full, one thread sweeps it and drops the idle entries: each is retired first
 * ({@link IdleAware#retireIfIdle(long)}), atomically with its decisions, so a request that still holds it looks the
 * key up again rather than changing a state that is no longer kept. Entries that are not idle are never dropped: a
 * new key that finds no room gets no entry ({@code null}), and its caller decides what that means. A sweep that
 * leaves the map more than 90 % full is not repeated before a tenth of the maximum further new keys has been turned
 * away, so that a map full of live state costs a new key a constant amount of sweeping on average.
 * @param <V> the state type
 */
public final class BoundedStateMap<V extends IdleAware> {

	private final ConcurrentHashMap<String, V> entries = new ConcurrentHashMap<>();

	private final int maximumSize;

	private final int sweepTarget;

	private final int turnedAwayBetweenSweeps;

	private final AtomicInteger turnedAwayUntilSweep = new AtomicInteger();

	private final ReentrantLock sweepLock = new ReentrantLock();

	/**
	 * Creates a map.
	 * @param maximumSize the most entries kept, at least 1
	 */
	public BoundedStateMap(int maximumSize) {
		if (maximumSize < 1) {
			throw new IllegalArgumentException("maximumSize must be at least 1 but was " + maximumSize);
		}
		this.maximumSize = maximumSize;
		this.turnedAwayBetweenSweeps = Math.max(1, maximumSize / 10);
		this.sweepTarget = maximumSize - this.turnedAwayBetweenSweeps;
	}

	/**
	 * Returns the state of a key, creating it when absent and there is room, after a sweep if need be.
	 * @param key the key
	 * @param factory creates the state of a new key
	 * @param nowMillis the current time, to tell idle entries when a sweep runs
	 * @return the state, or {@code null} when the key has none and every kept entry still matters
	 */
	public V get(String key, Function<String, V> factory, long nowMillis) {
		V state = this.entries.get(key);
		if (state != null) {
			return state;
		}
		if (!hasRoom() && !makeRoom(nowMillis)) {
			return null;
		}
		return this.entries.computeIfAbsent(key, factory);
	}

	/**
	 * Sets the state of a key, replacing any, when there is room for it (after a sweep if need be).
	 * @param key the key
	 * @param state the state
	 * @param nowMillis the current time, to tell idle entries when a sweep runs
	 * @return {@code false} when the key had no state and every kept entry still matters: nothing was stored
	 */
	public boolean put(String key, V state, long nowMillis) {
		if (this.entries.replace(key, state) != null) {
			return true;
		}
		if (!hasRoom() && !makeRoom(nowMillis)) {
			return false;
		}
		this.entries.put(key, state);
		return true;
	}

	/**
	 * Replaces the state of a key if it is still the given one.
	 * @param key the key
	 * @param state the state expected
	 * @param replacement the new state
	 * @return whether it was replaced
	 */
	public boolean replace(String key, V state, V replacement) {
		return this.entries.replace(key, state, replacement);
	}

	/**
	 * Removes the state of a key if it is still the given one.
	 * @param key the key
	 * @param state the state to remove
	 */
	public void remove(String key, V state) {
		this.entries.remove(key, state);
	}

	/**
	 * Returns the state of a key without creating it.
	 * @param key the key
	 * @return the state, or {@code null}
	 */
	public V getIfPresent(String key) {
		return this.entries.get(key);
	}

	private boolean hasRoom() {
		return this.entries.size() < this.maximumSize;
	}

	/** Drops the idle entries when a sweep is due; returns whether the map is below its maximum afterwards. */
	private boolean makeRoom(long nowMillis) {
		return (this.turnedAwayUntilSweep.getAndDecrement() <= 0) ? sweep(nowMillis) : hasRoom();
	}

	private boolean sweep(long nowMillis) {
		if (this.sweepLock.tryLock()) {
			try {
				this.entries.forEach((key, state) -> {
					if (state.retireIfIdle(nowMillis)) {
						this.entries.remove(key, state);
					}
				});
				this.turnedAwayUntilSweep.set((this.entries.size() > this.sweepTarget) ? this.turnedAwayBetweenSweeps : 0);
			}
			finally {
				this.sweepLock.unlock();
			}
		}
		return hasRoom();
	}

	/**
	 * Returns the number of entries.
	 * @return the size
	 */
	public int size() {
		return this.entries.size();
	}

	/** {@return a live view of the entries} */
	public Map<String, V> asMap() {
		return this.entries;
	}

}
