package io.limiter.internal.memory;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A concurrent map of per-key state with a maximum size that always has room for a new key: when it is full, the
 * state whose loss costs least ({@link EvictionCost}: the fewest permits owed, then the nearest to full again) is
 * evicted, so that strangers sending new keys can neither grow the heap without limit nor turn other new keys away.
 * <p>
 * Finding the cheapest states means looking at every entry, so it is done once for many new keys: a ranking pass
 * drops the idle entries and lists the tenth of the maximum that cost least, cheapest first; new keys that find the
 * map full then evict from that list in order, and the next pass runs when the list is used up. A listed state is
 * evicted only if it still costs no more than the costliest listed one did when ranked, so a key that took permits
 * since then is kept. Every state dropped or evicted is retired first, atomically with its decisions, so a request
 * that still holds it looks the key up again rather than changing a state that is no longer kept.
 * <p>
 * A new key reserves its place before its state is added, so the map never holds more than its maximum.
 * @param <V> the state type
 */
public final class EvictingStateMap<V extends Evictable> {

	private final ConcurrentHashMap<String, V> entries = new ConcurrentHashMap<>();

	/** The entries plus the places reserved by new keys being added: at most {@link #maximumSize}. */
	private final AtomicInteger places = new AtomicInteger();

	private final int maximumSize;

	private final int rankedPerPass;

	private final Consumer<EvictionCost> onEviction;

	private final ReentrantLock rankingLock = new ReentrantLock();

	private volatile Ranking<V> ranking = new Ranking<>(new Ranked<?>[0], null);

	/**
	 * Creates a map.
	 * @param maximumSize the most entries kept, at least 1
	 * @param onEviction told of every state evicted while it still mattered, with what its loss cost
	 */
	public EvictingStateMap(int maximumSize, Consumer<EvictionCost> onEviction) {
		if (maximumSize < 1) {
			throw new IllegalArgumentException("maximumSize must be at least 1 but was " + maximumSize);
		}
		this.maximumSize = maximumSize;
		this.rankedPerPass = Math.max(1, maximumSize / 10);
		this.onEviction = onEviction;
	}

	/**
	 * Returns the state of a key, creating it when absent, after evicting the cheapest other state if the map is full.
	 * @param key the key
	 * @param factory creates the state of a new key
	 * @param nowMillis the current time, to tell what states cost
	 * @return the state
	 */
	public V get(String key, Function<String, V> factory, long nowMillis) {
		V state = this.entries.get(key);
		if (state != null) {
			return state;
		}
		V created = factory.apply(key);
		reservePlace(nowMillis);
		V existing = this.entries.putIfAbsent(key, created);
		if (existing != null) {
			this.places.decrementAndGet();
			return existing;
		}
		return created;
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
		if (this.entries.remove(key, state)) {
			this.places.decrementAndGet();
		}
	}

	/**
	 * {@return the number of entries, those being added included} It counts the places taken, which bound the
	 * entries at every moment; the map's own count is an estimate while other threads add and remove (a sum read
	 * across its counters may see an addition and miss the removal that made room for it).
	 */
	public int size() {
		return this.places.get();
	}

	private void reservePlace(long nowMillis) {
		while (true) {
			int taken = this.places.get();
			if (taken >= this.maximumSize) {
				evictOne(nowMillis);
			}
			else if (this.places.compareAndSet(taken, taken + 1)) {
				return;
			}
		}
	}

	/** Evicts the next state of the ranking if it is still kept and still cheap, or ranks anew when it is used up. */
	private void evictOne(long nowMillis) {
		Ranking<V> current = this.ranking;
		Ranked<V> next = current.next();
		if (next == null) {
			rank(nowMillis, current);
			return;
		}
		if (this.entries.get(next.key()) != next.state()) {
			return;
		}
		EvictionCost cost = next.state().retireIfCostsAtMost(nowMillis, current.bound());
		if (cost != null) {
			remove(next.key(), next.state());
			if (!cost.isNothing()) {
				this.onEviction.accept(cost);
			}
		}
	}

	/** Drops the idle entries and lists the cheapest of the others, unless another thread did since it was used up. */
	private void rank(long nowMillis, Ranking<V> usedUp) {
		this.rankingLock.lock();
		try {
			if (this.ranking != usedUp) {
				return;
			}
			PriorityQueue<Ranked<V>> cheapest = new PriorityQueue<>(this.rankedPerPass + 1,
					Comparator.reverseOrder());
			this.entries.forEach((key, state) -> {
				// a look first: only an idle state is retired, so that the others' last denials stay valid
				EvictionCost cost = state.evictionCost(nowMillis);
				if (cost.isNothing() && state.retireIfIdle(nowMillis)) {
					remove(key, state);
					return;
				}
				if (cheapest.size() == this.rankedPerPass) {
					if (cost.compareTo(cheapest.peek().cost()) >= 0) {
						return;
					}
					cheapest.poll();
				}
				cheapest.add(new Ranked<>(key, state, cost));
			});
			Ranked<?>[] inOrder = new Ranked<?>[cheapest.size()];
			for (int i = inOrder.length - 1; i >= 0; i--) {
				inOrder[i] = cheapest.poll();
			}
			this.ranking = new Ranking<>(inOrder, (inOrder.length > 0) ? inOrder[inOrder.length - 1].cost() : null);
		}
		finally {
			this.rankingLock.unlock();
		}
	}

	/** A kept state and what its loss cost when it was ranked. */
	private record Ranked<V>(String key, V state, EvictionCost cost) implements Comparable<Ranked<V>> {

		@Override
		public int compareTo(Ranked<V> other) {
			return this.cost.compareTo(other.cost);
		}

	}

	/** The cheapest states of one pass, cheapest first, handed out once each; {@code bound} is the costliest's cost. */
	private static final class Ranking<V> {

		private final Ranked<?>[] cheapestFirst;

		private final EvictionCost bound;

		private final AtomicInteger handedOut = new AtomicInteger();

		Ranking(Ranked<?>[] cheapestFirst, EvictionCost bound) {
			this.cheapestFirst = cheapestFirst;
			this.bound = bound;
		}

		EvictionCost bound() {
			return this.bound;
		}

		/** {@return the next state to evict, or {@code null} when every one was handed out} */
		@SuppressWarnings("unchecked")
		Ranked<V> next() {
			int index = this.handedOut.getAndIncrement();
			return (index < this.cheapestFirst.length) ? (Ranked<V>) this.cheapestFirst[index] : null;
		}

	}

}
