package io.limiter.spring.internal.web;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Function;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.http.HttpServletRequest;

import io.limiter.spring.internal.http.ClientAddresses;

/**
 * Finds the client that sent a servlet request by {@link ClientAddresses}, from the remote address and headers of
 * the request as the server received it: beneath every wrapper, such as that of Spring's
 * {@code ForwardedHeaderFilter} ({@code server.forward-headers-strategy=framework}), whose remote address is the
 * leftmost {@code X-Forwarded-For} hop, which the client writes.
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
		HttpServletRequest received = received(request);
		return this.addresses.resolve(received.getRemoteAddr(), headers(received));
	}

	/**
	 * Returns the address of the client of a request, whole.
	 * @param request the request
	 * @return its address, or the hop as the header gives it when it is no address
	 */
	public String address(HttpServletRequest request) {
		HttpServletRequest received = received(request);
		return this.addresses.address(received.getRemoteAddr(), headers(received));
	}

	private static HttpServletRequest received(HttpServletRequest request) {
		ServletRequest received = request;
		while (received instanceof ServletRequestWrapper wrapper) {
			received = wrapper.getRequest();
		}
		return (received instanceof HttpServletRequest http) ? http : request;
	}

	private static Function<String, List<String>> headers(HttpServletRequest request) {
		return (name) -> {
			Enumeration<String> values = request.getHeaders(name);
			return (values != null) ? Collections.list(values) : List.of();
		};
	}

}
