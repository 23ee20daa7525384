package io.limiter.spring.internal.client;

import java.net.URI;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Rules in order, each the host patterns it applies to and what it does with a call: a call goes to the first rule
 * whose patterns match its target, else to none.
 *
 * @param <T> what a rule does with a call
 * @param routes the rules, in order
 */
public record HostRoutes<T>(List<Route<T>> routes) {

	/**
	 * Copies the rules.
	 * @param routes the rules, in order
	 */
	public HostRoutes {
		routes = List.copyOf(routes);
	}

	/**
	 * Finds the rule of a call.
	 * @param uri the call's URI
	 * @return what the first rule whose hosts match its target does, or {@code null} when none matches or the URI
	 * names no host
	 */
	public T find(URI uri) {
		if (uri.getHost() == null) {
			return null;
		}
		TargetAddress target = TargetAddress.of(uri);
		for (Route<T> route : this.routes) {
			if (route.hosts().stream().anyMatch((host) -> host.matches(target))) {
				return route.target();
			}
		}
		return null;
	}

	/**
	 * Returns the same rules doing something else.
	 * @param <U> what they do then
	 * @param change what a rule does then, from what it does now
	 * @return the rules, in the same order, with the same hosts
	 */
	public <U> HostRoutes<U> map(Function<? super T, ? extends U> change) {
		return new HostRoutes<>(this.routes.stream()
			.map((route) -> new Route<U>(route.hosts(), change.apply(route.target())))
			.toList());
	}

	/** {@return whether there is no rule} */
	public boolean isEmpty() {
		return this.routes.isEmpty();
	}

	@Override
	public String toString() {
		return this.routes.stream().map(Route::toString).collect(Collectors.joining(", ", "[", "]"));
	}

	/**
	 * One rule.
	 * @param <T> what it does with a call
	 * @param hosts the patterns of the calls it applies to
	 * @param target what it does with them
	 */
	public record Route<T>(List<HostPattern> hosts, T target) {

		/**
		 * Copies the patterns.
		 * @param hosts the patterns of the calls it applies to
		 * @param target what it does with them
		 */
		public Route {
			hosts = List.copyOf(hosts);
		}

		@Override
		public String toString() {
			return hosts + " -> " + target;
		}

	}

}
