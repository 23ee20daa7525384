package io.limiter.internal.memory;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A concurrent map of per-key state with a maximum size, so that strangers sending new keys cannot grow the
 * heap without limit.
 * <p>
 * When an insert takes the map past its maximum, one thread sweeps it: first it drops every entry that is
 * idle (the same as absent), then, if that was not enough, arbitrary entries until the map is back to 90 % of
 * its maximum. A sweep frees at least a tenth of the map, so its cost is constant per insert on average.
 * @param <V> the state type
 */
public final class BoundedStateMap<V extends IdleAware> {

	private final ConcurrentHashMap<String, V> entries = new ConcurrentHashMap<>();

	private final int maximumSize;

	private final int sweepTarget;

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
		this.sweepTarget = Math.max(0, maximumSize - Math.max(1, maximumSize / 10));
	}

	/**
	 * Returns the state of a key, creating it when absent.
	 * @param key the key
	 * @param factory creates the state of a new key
	 * @param nowMillis the current time, to tell idle entries when a sweep runs
	 * @return the state
	 */
	public V get(String key, Function<String, V> factory, long nowMillis) {
		V state = this.entries.get(key);
		if (state != null) {
			return state;
		}
		state = this.entries.computeIfAbsent(key, factory);
		if (this.entries.size() > this.maximumSize) {
			sweep(nowMillis);
		}
		return state;
	}

	/**
	 * Sets the state of a key, replacing any.
	 * @param key the key
	 * @param state the state
	 * @param nowMillis the current time, to tell idle entries when a sweep runs
	 */
	public void put(String key, V state, long nowMillis) {
		if (this.entries.put(key, state) == null && this.entries.size() > this.maximumSize) {
			sweep(nowMillis);
		}
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

	/**
	 * Returns the number of entries.
	 * @return the size
	 */
	public int size() {
		return this.entries.size();
	}

	/**
	 * Returns the most entries kept.
	 * @return the maximum size
	 */
	public int maximumSize() {
		return this.maximumSize;
	}

	/**
	 * Returns a live view of the entries.
	 * @return the entries
	 */
	public Map<String, V> asMap() {
		return this.entries;
	}

	private void sweep(long nowMillis) {
		if (!this.sweepLock.tryLock()) {
			return;
		}
		try {
			this.entries.values().removeIf((state) -> state.isIdle(nowMillis));
			Iterator<String> keys = this.entries.keySet().iterator();
			while (this.entries.size() > this.sweepTarget && keys.hasNext()) {
				keys.next();
				keys.remove();
			}
		}
		finally {
			this.sweepLock.unlock();
		}
	}

}
