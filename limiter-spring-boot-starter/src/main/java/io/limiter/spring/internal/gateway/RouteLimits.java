package io.limiter.spring.internal.gateway;

import org.springframework.boot.context.properties.bind.BindException;

/**
 * Turns the limit settings of a gateway route, bound from its filter arguments, into the limit that decides its
 * requests, and explains settings that are not valid by the route, the setting and its value.
 * @param <S> the type of the settings
 */
public interface RouteLimits<S> {

	/**
	 * Returns the limit of a route.
	 * @param routeId the route's id
	 * @param settings its settings
	 * @return its limit
	 * @throws RuntimeException naming the route, the setting and its value when the settings are not valid
	 */
	RouteLimit limit(String routeId, S settings);

	/**
	 * Checks settings that name a configured limit, before the route's id is known: that the limit exists and the
	 * cost is within its capacity. Settings of a limit of the route's own are left to {@link #limit}.
	 * @param route the route as a message names it
	 * @param settings its settings
	 * @throws RuntimeException naming the setting, the route and the value when the settings are not valid
	 */
	void checkNamedLimit(String route, S settings);

	/**
	 * Returns the failure to report for filter arguments that could not be bound to the settings.
	 * @param routeId the route's id
	 * @param failure the binding failure, which names the setting and its value
	 * @return the failure, naming the route, the setting and its value
	 */
	RuntimeException unbindable(String routeId, BindException failure);

}
