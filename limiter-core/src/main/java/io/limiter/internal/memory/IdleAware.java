package io.limiter.internal.memory;

/**
 * State that can tell when keeping it no longer matters, so that a {@link BoundedStateMap} may drop it.
 */
public interface IdleAware {

	/**
	 * Returns whether this state is now the same as no state at all.
	 * @param nowMillis the current time in milliseconds
	 * @return {@code true} when forgetting it changes no future decision
	 */
	boolean isIdle(long nowMillis);

	/**
	 * Retires this state if it is idle, atomically with every use of it: once retired it changes no more, and a
	 * caller that still holds it looks its key up again. Immutable states need not retire: an idle one stays idle.
	 * @param nowMillis the current time in milliseconds
	 * @return {@code true} when this call found the state idle and retired it, so that it may be dropped;
	 * {@code false} when it is not idle or was already retired for another reason
	 */
	default boolean retireIfIdle(long nowMillis) {
		return isIdle(nowMillis);
	}

}
