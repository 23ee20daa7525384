package io.limiter.spring.internal.gateway;

import io.limiter.spring.internal.LimitEnforcer;

/**
 * The limit that decides the requests of one gateway route.
 * @param enforcer enforces the limit: a limit of {@code limiter.limits}, or the route's own
 * @param cost the permits each request takes, at most the limit's capacity
 */
public record RouteLimit(LimitEnforcer enforcer, long cost) {
}
