package io.limiter.spring.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The one header in which the trusted proxies in front of the application pass the client's address on. Only
 * that header is read: a client can send any of the others, and a proxy that does not write them leaves them
 * as the client sent them.
 */
public enum ForwardedHeader {

	/** {@code X-Forwarded-For: client, proxy1, proxy2}: each proxy appends the address it received from. */
	X_FORWARDED_FOR("X-Forwarded-For"),

	/** {@code Forwarded: for=client, for=proxy1} (RFC 7239): each proxy appends an element. */
	FORWARDED("Forwarded"),

	/** {@code X-Real-IP: client}: the proxy sets the address it received from. */
	X_REAL_IP("X-Real-IP");

	private final String headerName;

	ForwardedHeader(String headerName) {
		this.headerName = headerName;
	}

	/**
	 * Returns the header of a name, ignoring case.
	 * @param name {@code X-Forwarded-For}, {@code Forwarded} or {@code X-Real-IP}
	 * @return the header
	 * @throws IllegalArgumentException naming the accepted headers when the name is none of them
	 */
	public static ForwardedHeader named(String name) {
		for (ForwardedHeader header : values()) {
			if (header.headerName.equalsIgnoreCase((name != null) ? name.trim() : "")) {
				return header;
			}
		}
		throw new IllegalArgumentException("the header must be X-Forwarded-For, Forwarded or X-Real-IP");
	}

	/**
	 * Returns the header's name.
	 * @return the name, such as {@code X-Forwarded-For}
	 */
	public String headerName() {
		return this.headerName;
	}

	/**
	 * Returns the addresses the header lists, from the first (the furthest from the application) to the last,
	 * without brackets and ports; several lines of the header form one list.
	 * @param headerValues the values of a request header by its name, each line as received (empty when absent)
	 * @return the hops, possibly empty
	 */
	List<String> hops(Function<String, List<String>> headerValues) {
		List<String> hops = new ArrayList<>();
		for (String value : headerValues.apply(this.headerName)) {
			for (String element : value.split(",")) {
				String node = (this == FORWARDED) ? forNode(element) : element.trim();
				if (node != null && !node.isEmpty()) {
					hops.add(normalize(node));
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
