package io.limiter.spring;

import io.limiter.RateLimiterRegistry;

/**
 * Chooses the plan of a limit per key: a bean of this type lets the capacity and period of a limit depend on the
 * customer, for example a paying customer's API key on the plan {@code gold}, from named plans in properties:
 * <pre>{@code
 * limiter.limits.api: { capacity: 2, period: 10s, plans: { gold: { capacity: 5 } } }
 *
 * @Bean
 * LimitPlanResolver plans(CustomerService customers) {
 *     return (limit, key, request) -> customers.isGold(key) ? "gold" : LimitPlanResolver.DEFAULT_PLAN;
 * }
 * }</pre>
 * It is asked only for limits that have plans, on every decision of the servlet filter, the WebFlux filter,
 * {@code @RateLimited} methods and the Spring Cloud Gateway rate limiter, on the thread that decides, which in a WebFlux application is a Netty thread: it must
 * answer from memory and never block (cache what it looks up).
 * <p>
 * The plans of a limit share each key's state, so a key that moves to another plan keeps what it used (see
 * {@link io.limiter.LimiterBackend} on changing a limit). A plan name that the limit does not have is answered with the
 * default plan and a warning in the log (at most one per limit every 10 s), so that a customer whose plan the
 * configuration does not know yet is still limited, by the limit's own numbers.
 */
@FunctionalInterface
public interface LimitPlanResolver {

	/** The name of a limit's own capacity and period, the plan of every key the resolver gives none. */
	String DEFAULT_PLAN = RateLimiterRegistry.DEFAULT_PLAN;

	/**
	 * Returns the plan of a key under a limit.
	 * @param limit the name of a limit that has plans
	 * @param key the key the request is counted under
	 * @param request the {@code HttpServletRequest} in the servlet filter and the filter functions of Spring Cloud
	 * Gateway on Spring MVC, the {@code ServerWebExchange} in the WebFlux filter and the rate limiter of Spring Cloud
	 * Gateway on WebFlux (the exchange as the web filters passed it to the gateway, before the route's filters), and
	 * {@code null} for {@code @RateLimited} methods
	 * @return the name of one of the limit's plans, or {@code null} or {@link #DEFAULT_PLAN} for the limit's own
	 * capacity and period
	 */
	String plan(String limit, String key, Object request);

}
