package io.limiter.spring.client;

import java.net.URI;
import java.util.Locale;

import org.springframework.http.HttpRequest;

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
		return (request) -> hostAndPort(request.getURI());
	}

	private static String hostAndPort(URI uri) {
		if (uri.getHost() == null) {
			throw new IllegalArgumentException("the outbound request's URI '" + uri + "' names no host to key it by");
		}
		String host = uri.getHost().toLowerCase(Locale.ROOT);
		int port = (uri.getPort() != -1) ? uri.getPort() : defaultPort(uri.getScheme());
		return (port != -1) ? host + ":" + port : host;
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

}
