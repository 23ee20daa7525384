package io.limiter.spring.internal.http;

import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.SkipCondition;

/**
 * One rule of a filter: which requests take how many permits of which limit, under which key, which of them
 * count, and how a denied one is answered. The servlet filter's key is a {@code RequestKeyResolver}, the WebFlux
 * filter's an {@code ExchangeKeyResolver}.
 * @param <K> the type of the key resolver
 * @param requests the requests it applies to
 * @param skipIf the condition over a request under which the rule does not apply to it
 * @param enforcer the limit
 * @param key the key of a request
 * @param cost the permits a request takes
 * @param countOn the statuses of the requests that count (after they end), or every request (when it starts)
 * @param denial the answer to a denied request
 */
public record LimitRule<K>(RequestPattern requests, SkipCondition skipIf, LimitEnforcer enforcer, K key, long cost,
		CountedStatuses countOn, DenialResponse denial) {
}
