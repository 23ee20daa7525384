package io.limiter.spring.internal.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Finds the address of the client that sent a request from its remote address and its header values, free of
 * any HTTP stack; the WebFlux filter uses it. The rules are those of {@link ClientAddressResolver}:
 * {@code Forwarded} (RFC 7239), or else {@code X-Forwarded-For}, is believed only when the request came from a
 * trusted proxy; the chain is then walked from the right, skipping trusted hops, and the first untrusted hop is
 * the client.
 */
public final class ClientAddresses {

	private final List<CidrBlock> trustedProxies;

	/**
	 * Creates a resolver.
	 * @param trustedProxies addresses and CIDR blocks of the proxies in front of the application
	 * @throws IllegalArgumentException naming the entry that is not an address or a block
	 */
	public ClientAddresses(List<String> trustedProxies) {
		List<CidrBlock> blocks = new ArrayList<>();
		for (String proxy : trustedProxies) {
			blocks.add(CidrBlock.parse(proxy));
		}
		this.trustedProxies = List.copyOf(blocks);
	}

	/**
	 * Returns the client address of a request.
	 * @param remote the address the request came from, as text
	 * @param headerValues the values of a request header by its name, each as received (empty when absent)
	 * @return the address, as it appears in the request or its forwarded header
	 */
	public String resolve(String remote, Function<String, List<String>> headerValues) {
		if (this.trustedProxies.isEmpty() || !isTrusted(remote)) {
			return remote;
		}
		List<String> hops = forwardedHops(headerValues);
		for (int i = hops.size() - 1; i >= 0; i--) {
			if (!isTrusted(hops.get(i))) {
				return hops.get(i);
			}
		}
		return hops.isEmpty() ? remote : hops.get(0);
	}

	private boolean isTrusted(String address) {
		byte[] bytes = IpAddresses.parse(address);
		if (bytes == null) {
			return false;
		}
		for (CidrBlock block : this.trustedProxies) {
			if (block.contains(bytes)) {
				return true;
			}
		}
		return false;
	}

	private static List<String> forwardedHops(Function<String, List<String>> headerValues) {
		List<String> hops = new ArrayList<>();
		for (String value : headerValues.apply("Forwarded")) {
			for (String element : value.split(",")) {
				String node = forNode(element);
				if (node != null) {
					hops.add(normalize(node));
				}
			}
		}
		if (!hops.isEmpty()) {
			return hops;
		}
		for (String value : headerValues.apply("X-Forwarded-For")) {
			for (String node : value.split(",")) {
				if (!node.isBlank()) {
					hops.add(normalize(node.trim()));
				}
			}
		}
		return hops;
	}

	private static String forNode(String element) {
		for (String pair : element.split(";")) {
			String trimmed = pair.trim();
			if (trimmed.length() > 4 && trimmed.substring(0, 4).toLowerCase(Locale.ROOT).equals("for=")) {
				return unquote(trimmed.substring(4).trim());
			}
		}
		return null;
	}

	private static String unquote(String value) {
		return (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\""))
				? value.substring(1, value.length() - 1) : value;
	}

	/**
	 * Drops brackets and ports: {@code [2001:db8::1]:4711} gives {@code 2001:db8::1}, {@code 192.0.2.1:80}
	 * gives {@code 192.0.2.1}.
	 */
	private static String normalize(String node) {
		if (node.startsWith("[")) {
			int end = node.indexOf(']');
			return (end > 0) ? node.substring(1, end) : node;
		}
		int colon = node.indexOf(':');
		return (colon > 0 && colon == node.lastIndexOf(':')) ? node.substring(0, colon) : node;
	}

}
