package io.limiter.spring.internal.http;

import io.limiter.ConcurrencyLimiter;
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


}
