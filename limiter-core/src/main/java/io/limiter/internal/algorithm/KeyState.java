package io.limiter.internal.algorithm;

import io.limiter.Decision;
import io.limiter.internal.memory.IdleAware;

/**
 * The in-memory state of one key under one algorithm. Implementations are thread-safe, and idle once
 * forgetting the key would change no decision.
 */
public interface KeyState extends IdleAware {

	/**
	 * Decides a request, with the same arithmetic as the algorithm's Lua script.
	 * @param nowMillis the current time; a time before the last one seen counts as the last one
	 * @param permits the permits to take, at most the capacity
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return the decision
	 */
	Decision decide(long nowMillis, long permits, long maxWaitMillis);

}
