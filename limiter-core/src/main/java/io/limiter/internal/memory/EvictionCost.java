package io.limiter.internal.memory;

/**
 * What forgetting a key's state would give the key back: the permits it owes, which it could take again at once,
 * then the time until it would be full again anyway. States are compared by the permits first, then by the time.
 * @param permits the permits the key owes, at least 0
 * @param millis the time until the state equals no state, at least 0
 */
public record EvictionCost(long permits, long millis) implements Comparable<EvictionCost> {

	/** {@return whether forgetting the state gives its key nothing: it equals no state} */
	public boolean isNothing() {
		return this.permits == 0 && this.millis == 0;
	}

	@Override
	public int compareTo(EvictionCost other) {
		int byPermits = Long.compare(this.permits, other.permits);
		return (byPermits != 0) ? byPermits : Long.compare(this.millis, other.millis);
	}

}
