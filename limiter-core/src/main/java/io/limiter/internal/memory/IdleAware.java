package io.limiter.internal.memory;

/**
 * State that can tell when keeping it no longer matters.
 */
public interface IdleAware {

	/**
	 * Returns whether this state is now the same as no state at all, so that it can be dropped.
	 * @param nowMillis the current time in milliseconds
	 * @return {@code true} when forgetting it changes no future decision
	 */
	boolean isIdle(long nowMillis);

}
