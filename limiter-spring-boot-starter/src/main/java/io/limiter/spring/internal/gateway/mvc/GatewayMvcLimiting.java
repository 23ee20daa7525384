package io.limiter.spring.internal.gateway.mvc;

import jakarta.servlet.http.HttpServletRequest;

import io.limiter.spring.autoconfigure.GatewayLimitSettings;
import io.limiter.spring.internal.gateway.RouteLimits;
import io.limiter.spring.internal.web.ClientAddressResolver;
import io.limiter.spring.internal.web.RateLimitResponses;

/**
 * What the rate-limit filter functions of Spring Cloud Gateway on Spring MVC take from the application: the limits
 * of routes, the writer of headers and denials the servlet filter uses, and the client address by the starter's
 * trusted proxies. One bean, which each filter function looks up once in the application context of its requests.
 * @param routes the limits of routes
 * @param responses writes the rate-limit headers and the answer to a denied request
 * @param clients finds the client address of a request, the default key
 */
public record GatewayMvcLimiting(RouteLimits<GatewayLimitSettings> routes, RateLimitResponses responses, ClientAddressResolver clients) {

	/**
	 * Returns the key of a request's client.
	 * @param request the request
	 * @return its IPv4 address or the network of its IPv6 address
	 */
	public String clientAddress(HttpServletRequest request) {
		return this.clients.resolve(request);
	}

}
