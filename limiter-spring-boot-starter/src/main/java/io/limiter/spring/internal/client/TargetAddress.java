package io.limiter.spring.internal.client;

import java.net.URI;
import java.util.Locale;

/**
 * The server an outbound call goes to: the host of its URI in lower case (an IPv6 address in brackets) and its port,
 * the scheme's default port when the URI names none.
 *
 * @param host the host in lower case
 * @param port the port, or -1 when neither the URI nor its scheme gives one
 */
public record TargetAddress(String host, int port) {

	/**
	 * Returns the target of a URI.
	 * @param uri an absolute URI
	 * @return its target
	 * @throws IllegalArgumentException when the URI names no host
	 */
	public static TargetAddress of(URI uri) {
		if (uri.getHost() == null) {
			throw new IllegalArgumentException("the outbound request's URI '" + uri + "' names no host to key it by");
		}
		int port = (uri.getPort() != -1) ? uri.getPort() : defaultPort(uri.getScheme());
		return new TargetAddress(uri.getHost().toLowerCase(Locale.ROOT), port);
	}

	private static int defaultPort(String scheme) {
		if ("https".equalsIgnoreCase(scheme) || "wss".equalsIgnoreCase(scheme)) {
			return 443;
		}
		if ("http".equalsIgnoreCase(scheme) || "ws".equalsIgnoreCase(scheme)) {
			return 80;
		}
		return -1;
	}

	/** {@return {@code host:port}, or the host alone when there is no port} */
	@Override
	public String toString() {
		return (this.port != -1) ? this.host + ":" + this.port : this.host;
	}

}
