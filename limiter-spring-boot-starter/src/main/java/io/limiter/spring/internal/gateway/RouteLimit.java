package io.limiter.spring.internal.gateway;

import io.limiter.Limit;
import io.limiter.LimiterOptions;

/**
 * The checked limit of a gateway route ({@link RouteLimitSettings#check(String)}): a configured limit, or one of
 * the route's own.
 */
public sealed interface RouteLimit {

	/**
	 * A limit of {@code limiter.limits}.
	 * @param name its name
	 */
	record Named(String name) implements RouteLimit {
	}

	/**
	 * A limit of the route's own, a limit of the backend like a configured one.
	 * @param name its name, or {@code null} for the route's id
	 * @param limit its numbers
	 * @param options its failure policy and local tier
	 */
	record Inline(String name, Limit limit, LimiterOptions options) implements RouteLimit {
	}

}
