package io.limiter.spring.internal.gateway.mvc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The rate-limit filter functions made on one thread while an application context makes its singletons. A Java
 * route's filter function is made in a bean method, before anything tells it its route or its context; collected
 * here, the limits they name are checked at start-up once the limits exist. A context refreshed within another's
 * refresh on the same thread collects its own; a filter function made on another thread, or after the singletons (a
 * lazy bean), is not collected, and its route's first request looks its limit up.
 */
public final class MadeRouteFilters {

	private static final ThreadLocal<Deque<MadeRouteFilters>> collecting = new ThreadLocal<>();

	private final List<RouteRateLimitFilter> filters = new ArrayList<>();

	private MadeRouteFilters() {
	}

	/**
	 * Starts collecting the filter functions made on this thread.
	 * @return the collection, to finish when the singletons are made
	 */
	public static MadeRouteFilters collect() {
		Deque<MadeRouteFilters> stack = collecting.get();
		if (stack == null) {
			stack = new ArrayDeque<>();
			collecting.set(stack);
		}
		MadeRouteFilters made = new MadeRouteFilters();
		stack.push(made);
		return made;
	}

	/**
	 * Adds a filter function to the collection of this thread's innermost refresh, if there is one.
	 * @param filter the filter function just made
	 */
	static void made(RouteRateLimitFilter filter) {
		Deque<MadeRouteFilters> stack = collecting.get();
		if (stack != null && !stack.isEmpty()) {
			stack.peek().filters.add(filter);
		}
	}

	/**
	 * Stops collecting; may be called again, and on another thread, where it does nothing.
	 * @return the filter functions collected
	 */
	public List<RouteRateLimitFilter> finish() {
		Deque<MadeRouteFilters> stack = collecting.get();
		if (stack != null && stack.remove(this) && stack.isEmpty()) {
			collecting.remove();
		}
		return List.copyOf(this.filters);
	}

}
