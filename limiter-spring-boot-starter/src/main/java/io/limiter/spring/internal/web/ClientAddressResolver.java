package io.limiter.spring.internal.web;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import io.limiter.spring.internal.http.ClientAddresses;

/**
 * Finds the key of the client that sent a servlet request by {@link ClientAddresses}, from the request's remote
 * address and headers.
 */
public final class ClientAddressResolver {

	private final ClientAddresses addresses;

	/**
	 * Creates a resolver.
	 * @param addresses the rules of trusted proxies, forwarded header and IPv6 networks
	 */
	public ClientAddressResolver(ClientAddresses addresses) {
		this.addresses = addresses;
	}

	/**
	 * Returns the key of the client of a request.
	 * @param request the request
	 * @return its IPv4 address, the network of its IPv6 address, or the hop as the header gives it when it is no
	 * address (such as {@code unknown})
	 */
	public String resolve(HttpServletRequest request) {
		return this.addresses.resolve(request.getRemoteAddr(), (name) -> {
			Enumeration<String> values = request.getHeaders(name);
			return (values != null) ? Collections.list(values) : List.of();
		});
	}

}
