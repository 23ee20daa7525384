package io.limiter.spring.internal.http;

import io.limiter.spring.internal.LimitEnforcer;

/**
 * One rule of a filter: which requests take how many permits of which limit, under which key. The servlet
 * filter's key is a {@code RequestKeyResolver}, the WebFlux filter's an {@code ExchangeKeyResolver}.
 * @param <K> the type of the key resolver
 * @param requests the requests it applies to
 * @param enforcer the limit
 * @param key the key of a request
 * @param cost the permits a request takes
 */
public record LimitRule<K>(RequestPattern requests, LimitEnforcer enforcer, K key, long cost) {
}
