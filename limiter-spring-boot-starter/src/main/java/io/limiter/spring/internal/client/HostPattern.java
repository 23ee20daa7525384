package io.limiter.spring.internal.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The targets one entry of a rule's {@code hosts} stands for: a host ({@code api.partner.com}, {@code 10.0.0.7},
 * {@code [::1]}) or, with a leading {@code *.}, every host below a domain ({@code *.partner.com} is
 * {@code eu.partner.com} and {@code a.eu.partner.com}, not {@code partner.com}); with {@code :port} only that port,
 * without it every port. Hosts compare without case.
 */
public final class HostPattern {

	private static final String WILDCARD = "*.";

	private final String text;

	private final String host;

	private final boolean subdomains;

	private final int port;

	private HostPattern(String text, String host, boolean subdomains, int port) {
		this.text = text;
		this.host = host;
		this.subdomains = subdomains;
		this.port = port;
	}

	/**
	 * Parses a pattern.
	 * @param pattern {@code host}, {@code host:port}, {@code *.domain} or {@code *.domain:port}
	 * @return the pattern
	 * @throws IllegalArgumentException saying what is wrong with it
	 */
	public static HostPattern parse(String pattern) {
		String text = (pattern != null) ? pattern.strip().toLowerCase(Locale.ROOT) : "";
		if (text.isEmpty()) {
			throw new IllegalArgumentException("a host must not be blank");
		}
		boolean subdomains = text.startsWith(WILDCARD);
		String authority = subdomains ? text.substring(WILDCARD.length()) : text;
		if (authority.contains("*")) {
			throw new IllegalArgumentException(
					"the only wildcard is a leading '*.' for every host below a domain, such as *.partner.com");
		}
		URI uri = authority(authority);
		if (subdomains && uri.getHost().startsWith("[")) {
			throw new IllegalArgumentException("an IP address has no subdomains for '*.' to stand for");
		}
		if (authority.endsWith(":") || (uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > 65535))) {
			throw new IllegalArgumentException("the port must be from 1 to 65535");
		}
		return new HostPattern(text, uri.getHost(), subdomains, uri.getPort());
	}

	private static URI authority(String authority) {
		String form = "a host or host:port, such as api.partner.com or *.partner.com:8443, without scheme, user or path";
		URI uri;
		try {
			uri = new URI("http://" + authority);
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException("not " + form + " (" + ex.getReason() + ")", ex);
		}
		if (uri.getHost() == null || uri.getRawUserInfo() != null || !uri.getRawPath().isEmpty()
				|| uri.getRawQuery() != null || uri.getRawFragment() != null) {
			throw new IllegalArgumentException("not " + form);
		}
		return uri;
	}

	/**
	 * Tells whether a call to the target is one this pattern stands for.
	 * @param target the call's target
	 * @return whether the host and, when the pattern has one, the port match
	 */
	public boolean matches(TargetAddress target) {
		return (this.port == -1 || this.port == target.port()) && matchesHost(target.host(), false);
	}

	/**
	 * Tells whether every call that another pattern stands for is one this pattern stands for too.
	 * @param other the other pattern
	 * @return whether this pattern matches all that the other matches
	 */
	public boolean covers(HostPattern other) {
		return (this.port == -1 || this.port == other.port) && matchesHost(other.host, other.subdomains);
	}

	private boolean matchesHost(String host, boolean itsSubdomains) {
		if (!this.subdomains) {
			return !itsSubdomains && this.host.equals(host);
		}
		return host.endsWith("." + this.host) || (itsSubdomains && host.equals(this.host));
	}

	/** {@return the pattern as given, trimmed and in lower case} */
	@Override
	public String toString() {
		return this.text;
	}

}
