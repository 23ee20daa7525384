package io.limiter.spring.internal.gateway.mvc;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.cloud.gateway.server.mvc.common.MvcUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import io.limiter.spring.autoconfigure.GatewayLimitSettings;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.gateway.RouteLimit;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Limits the requests of a gateway route: takes the route's permits for the request's key, lets an allowed request
 * through with the rate-limit headers on its response, and answers a denied one as the servlet filter does (429,
 * {@code Retry-After}, the headers and a problem body). The key is the route's function of the request, or the client
 * address when it has none or it gives no key. The limit of each route is made from its settings at its first
 * request, from the application context of the request, where the route's id is known (a properties route's limit was
 * made and checked at start-up already). Made through {@link #of}, so that the configured limit it names is checked at
 * start-up ({@link MadeRouteFilters}).
 */
public final class RouteRateLimitFilter implements HandlerFilterFunction<ServerResponse, ServerResponse> {

	private final GatewayLimitSettings settings;

	private final Function<ServerRequest, String> key;

	private final Map<String, RouteLimit> limits = new ConcurrentHashMap<>();

	private volatile GatewayMvcLimiting limiting;

	private RouteRateLimitFilter(GatewayLimitSettings settings, Function<ServerRequest, String> key) {
		this.settings = settings;
		this.key = key;
	}

	/**
	 * Makes a filter and adds it to the filter functions of the refresh under way on this thread.
	 * @param settings the route's checked settings
	 * @param key the key of a request, or {@code null} for its client address
	 * @return the filter
	 */
	public static RouteRateLimitFilter of(GatewayLimitSettings settings, Function<ServerRequest, String> key) {
		RouteRateLimitFilter filter = new RouteRateLimitFilter(settings, key);
		MadeRouteFilters.made(filter);
		return filter;
	}

	/**
	 * Checks the configured limit that the route names, if it names one, and the cost of a request within its
	 * capacity; a limit of the route's own is made at the route's first request, when its id is known.
	 * @param limiting the application's limits of routes
	 * @param route the route as a message names it
	 * @throws RuntimeException naming the setting, the route and the value when there is no such limit or the cost
	 * is above its capacity
	 */
	public void checkNamedLimit(GatewayMvcLimiting limiting, String route) {
		limiting.routes().checkNamedLimit(route, this.settings);
	}

	@Override
	public ServerResponse filter(ServerRequest request, HandlerFunction<ServerResponse> next) throws Exception {
		GatewayMvcLimiting limiting = limiting(request);
		String route = MvcUtils.getAttribute(request, MvcUtils.GATEWAY_ROUTE_ID_ATTR);
		RouteLimit limit = this.limits.computeIfAbsent(Objects.toString(route, ""),
				(id) -> limiting.routes().limit(id, this.settings));
		HttpServletRequest servletRequest = request.servletRequest();
		String key = (this.key != null) ? this.key.apply(request) : null;
		if (key == null || key.isBlank()) {
			key = limiting.clientAddress(servletRequest);
		}
		Enforcement enforcement = limit.enforcer().enforce(key, limit.cost(), servletRequest);
		if (!enforcement.allowed()) {
			return ServerResponse.status(DenialResponse.DEFAULT_STATUS).build((denied, response) -> {
				limiting.responses().deny(denied, response, List.of(enforcement), enforcement.limitName(),
						enforcement.decision(), DenialResponse.DEFAULT);
				return null;
			});
		}
		HttpHeaders headers = new HttpHeaders();
		limiting.responses().writeHeaders(List.of(enforcement), headers::set);
		ServerResponse response = next.handle(request);
		return headers.isEmpty() ? response : new HeaderedResponse(response, headers);
	}

	private GatewayMvcLimiting limiting(ServerRequest request) {
		GatewayMvcLimiting found = this.limiting;
		if (found == null) {
			found = MvcUtils.getApplicationContext(request).getBean(GatewayMvcLimiting.class);
			this.limiting = found;
		}
		return found;
	}

}
