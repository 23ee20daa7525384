package io.limiter.internal.memory;

/**
 * State that an {@link EvictingStateMap} may evict while it still matters, the cheapest first, to make room for
 * the state of a new key.
 */
public interface Evictable extends IdleAware {

	/**
	 * Returns what forgetting this state now would give its key back: {@linkplain EvictionCost#isNothing() nothing}
	 * exactly when it is idle.
	 * @param nowMillis the current time in milliseconds
	 * @return the cost
	 */
	EvictionCost evictionCost(long nowMillis);

	/**
	 * Retires this state, whatever it owes, if forgetting it now costs no more than a bound; atomically with every
	 * use of it, as {@link #retireIfIdle(long)} does: once retired it changes no more, and a caller that still holds
	 * it looks its key up again.
	 * @param nowMillis the current time in milliseconds
	 * @param bound the most it may cost
	 * @return what it cost when this call retired it, or {@code null} when it costs more or was already retired
	 */
	EvictionCost retireIfCostsAtMost(long nowMillis, EvictionCost bound);

}
