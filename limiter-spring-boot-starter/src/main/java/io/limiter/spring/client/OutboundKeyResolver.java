package io.limiter.spring.client;

import org.springframework.http.HttpRequest;

import io.limiter.spring.internal.client.TargetAddress;

/**
 * Chooses the key an outbound call is counted under: calls of one key share the limit's permits, calls of
 * different keys do not. The default, {@link #targetHost()}, gives every target server its own permits.
 * <p>
 * It is asked once per call, before the call waits; with {@code WebClient} on the thread that subscribes, so it must
 * answer from the request and memory, never block.
 */
@FunctionalInterface
public interface OutboundKeyResolver {

	/**
	 * Returns the key of a call.
	 * @param request the outbound request: its method, URI, headers and attributes
	 * @return the key; never {@code null} or blank
	 */
	String key(HttpRequest request);

	/**
	 * Returns the default resolver: the target's host in lower case and its port, the scheme's default port when the
	 * URI names none ({@code https://API.partner.com/v1} and {@code https://api.partner.com:443/v2} are both
	 * {@code api.partner.com:443}), so that two services on one host but on different ports have their own permits.
	 * @return a resolver of {@code host:port}
	 */
	static OutboundKeyResolver targetHost() {
		return (request) -> TargetAddress.of(request.getURI()).toString();
	}

}
