package io.limiter.spring.internal.http;

import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;
import io.limiter.spring.internal.SkipCondition;

/**
 * One filter rule that names a concurrency limit: which requests hold a permit of it while they run, under which key,
 * and how a denied one is answered.
 * @param <K> the type of the key resolver, as of {@link LimitRule}
 * @param requests the requests it applies to
 * @param skipIf the condition over a request under which the rule does not apply to it
 * @param limiter the concurrency limit
 * @param key the key of a request
 * @param denial the answer to a denied request
 */
public record ConcurrencyRule<K>(RequestPattern requests, SkipCondition skipIf, ConcurrencyLimiter limiter, K key,
		DenialResponse denial) {

	/**
	 * How long a denied client is told to wait ({@code Retry-After}): a permit comes back when a request ends, which
	 * no one can foretell, so one second, the least the header can say.
	 */
	public static final long RETRY_AFTER_MILLIS = 1000;

	/**
	 * Returns the decision a denial is answered with: the limit, nothing remaining, and {@link #RETRY_AFTER_MILLIS}.
	 * @param denied the denial
	 * @return the decision, for the denial's body
	 */
	public static Decision decision(ConcurrencyPermit denied) {
		return Decision.denied(denied.limit(), 0, RETRY_AFTER_MILLIS, RETRY_AFTER_MILLIS);
	}

}
