package io.limiter.jmh.check;

import io.limiter.jmh.baseline.CallTally;

/**
 * One implementation under the over-grant check, for one limit: asks for one permit of a key at a time.
 */
@FunctionalInterface
public interface CheckedLimiter {

	/**
	 * Asks for one permit.
	 * @param key the key
	 * @param tally where an implementation reports aborted transactions
	 * @return whether the permit was granted
	 * @throws Exception when the implementation fails; counted as an error and not as a grant
	 */
	boolean tryAcquire(String key, CallTally tally) throws Exception;

}
