package io.limiter.spring.internal.reactive;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Function;

import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;

import io.limiter.spring.internal.http.ClientAddresses;

/**
 * Finds the client that sent a reactive request by {@link ClientAddresses}, from the request's remote address and
 * headers.
 */
public final class ExchangeClientAddressResolver {

	/** The client of a request without a remote address. */
	private static final String UNKNOWN = "";

	private final ClientAddresses addresses;

	/**
	 * Creates a resolver.
	 * @param addresses the rules of trusted proxies, forwarded header and IPv6 networks
	 */
	public ExchangeClientAddressResolver(ClientAddresses addresses) {
		this.addresses = addresses;
	}

	/**
	 * Returns the key of the client of a request.
	 * @param request the request
	 * @return its IPv4 address, the network of its IPv6 address, or the hop as the header gives it when it is no
	 * address (such as {@code unknown}); empty when the request has no remote address
	 */
	public String resolve(ServerHttpRequest request) {
		String remote = remote(request);
		return (remote != null) ? this.addresses.resolve(remote, headers(request)) : UNKNOWN;
	}

	/**
	 * Returns the address of the client of a request, whole.
	 * @param request the request
	 * @return its address, or the hop as the header gives it when it is no address; empty when the request has no
	 * remote address
	 */
	public String address(ServerHttpRequest request) {
		String remote = remote(request);
		return (remote != null) ? this.addresses.address(remote, headers(request)) : UNKNOWN;
	}

	private static String remote(ServerHttpRequest request) {
		InetSocketAddress remote = request.getRemoteAddress();
		if (remote == null) {
			return null;
		}
		return (remote.getAddress() != null) ? remote.getAddress().getHostAddress() : remote.getHostString();
	}

	private static Function<String, List<String>> headers(ServerHttpRequest request) {
		HttpHeaders headers = request.getHeaders();
		return (name) -> {
			List<String> values = headers.get(name);
			return (values != null) ? values : List.of();
		};
	}

}
