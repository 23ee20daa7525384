package io.limiter.internal;

import java.util.concurrent.CompletionStage;

import io.limiter.Decision;

/**
 * Makes the decisions of one limit for any key. Backends, the local tier and failure policies implement it
 * and wrap each other; {@link DefaultRateLimiter} puts the public API in front.
 * <p>
 * Arguments are already checked: {@code 0 <= permits <= capacity} and {@code maxWaitMillis >= 0}.
 */
public interface DecisionSource {

	/**
	 * Decides now, waiting at most the backend's timeout.
	 * @param key the user's key
	 * @param permits the permits to take
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return the decision
	 */
	Decision decide(String key, long permits, long maxWaitMillis);

	/**
	 * Decides without blocking the calling thread.
	 * @param key the user's key
	 * @param permits the permits to take
	 * @param maxWaitMillis how far ahead permits may be reserved; 0 for no reservation
	 * @return a stage completed with the decision
	 */
	CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis);

	/**
	 * Looks at a key as a request for zero permits would, changing nothing that is stored
	 * ({@link io.limiter.RateLimiter#peek(String)}).
	 * @param key the user's key
	 * @return the decision for zero permits
	 * @throws io.limiter.RateLimiterException when the backend fails
	 */
	Decision peek(String key);

}
