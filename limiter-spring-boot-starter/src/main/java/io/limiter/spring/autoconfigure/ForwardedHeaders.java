package io.limiter.spring.autoconfigure;

import java.util.Locale;

import org.springframework.boot.cloud.CloudPlatform;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * What the application's own handling of forwarded headers ({@value #STRATEGY}) leaves the filters to key a client
 * by, and whether a key made of it has a trust boundary. A proxy appends the address it received from to
 * {@code X-Forwarded-For} and keeps what the client sent at the left, so only the rightmost hops that the
 * application's own proxies wrote are the client's address; the leftmost hop is whatever the client chose.
 * <ul>
 * <li>{@code none} (Spring Boot's default off a cloud platform): the filters walk the header themselves, believing
 * only {@code limiter.filter.trusted-proxies}.</li>
 * <li>{@code framework}: Spring's forwarded-header filter makes the leftmost hop the remote address. The servlet
 * filter reads beneath it, the request as the server received it, and walks the header itself, so the trusted
 * proxies must be named; the WebFlux filter cannot (Spring replaces the request before any filter), so rules keyed
 * by client address are refused.</li>
 * <li>{@code native} (Spring Boot's default on a cloud platform): Tomcat walks the header from the right over its
 * internal proxies, a trust boundary once {@value #TOMCAT_INTERNAL_PROXIES} names them (its default believes every
 * private and loopback address); Reactor Netty and Jetty take the leftmost hop, so rules keyed by client address are
 * refused there.</li>
 * </ul>
 */
final class ForwardedHeaders {

	/** Spring Boot's property that turns its handling of forwarded headers on. */
	static final String STRATEGY = "server.forward-headers-strategy";

	/** The addresses from which Tomcat believes forwarded headers. */
	static final String TOMCAT_INTERNAL_PROXIES = "server.tomcat.remoteip.internal-proxies";

	private static final String TOMCAT_VALVE = "org.apache.catalina.valves.RemoteIpValve";

	private static final String ALTERNATIVE = "; set " + STRATEGY + "=none and list the proxies in front of the "
			+ "application in limiter.filter.trusted-proxies (the limiter then keys the rightmost hop they did not "
			+ "write), or key the rule by something else";

	private final String strategy;

	private final String setting;

	private final String untrusted;

	private ForwardedHeaders(String strategy, String setting, String untrusted) {
		this.strategy = strategy;
		this.setting = setting;
		this.untrusted = untrusted;
	}

	/**
	 * Finds what the application does with forwarded headers.
	 * @param environment the application's environment
	 * @param reactive whether the filter is the WebFlux one
	 * @param filter the filter settings
	 * @return what it does
	 */
	static ForwardedHeaders of(Environment environment, boolean reactive, FilterSettings filter) {
		String configured = environment.getProperty(STRATEGY);
		CloudPlatform platform = CloudPlatform.getActive(environment);
		String strategy;
		String setting;
		if (configured != null) {
			strategy = configured.trim().toLowerCase(Locale.ROOT);
			setting = STRATEGY + "=" + strategy;
		}
		else if (platform != null && platform.isUsingForwardHeaders()) {
			strategy = "native";
			setting = STRATEGY + "=native (Spring Boot's default on " + platform + ")";
		}
		else {
			return new ForwardedHeaders("none", STRATEGY + "=none", null);
		}
		return new ForwardedHeaders(strategy, setting, untrusted(strategy, setting, environment, reactive, filter));
	}

	private static String untrusted(String strategy, String setting, Environment environment, boolean reactive,
			FilterSettings filter) {
		if (strategy.equals("framework")) {
			if (reactive) {
				return "with " + setting + ", Spring replaces the client's address with the leftmost X-Forwarded-For "
						+ "hop, which any client writes, before any filter sees the request" + ALTERNATIVE;
			}
			if (filter.getTrustedProxies().isEmpty()) {
				return "with " + setting + ", the limiter reads the request as the server received it and believes "
						+ "X-Forwarded-For only from limiter.filter.trusted-proxies, which is empty, so every client "
						+ "behind a proxy would share the proxy's key; list the proxies in front of the application "
						+ "there";
			}
			return null;
		}
		if (!strategy.equals("native")) {
			return null;
		}
		if (reactive || !ClassUtils.isPresent(TOMCAT_VALVE, ForwardedHeaders.class.getClassLoader())) {
			return "with " + setting + ", the server takes the leftmost X-Forwarded-For hop, which any client "
					+ "writes, as the client's address" + ALTERNATIVE;
		}
		if (!environment.containsProperty(TOMCAT_INTERNAL_PROXIES)) {
			return "with " + setting + ", Tomcat believes X-Forwarded-For from every private and loopback address "
					+ "unless " + TOMCAT_INTERNAL_PROXIES + " names the proxies, so any client on those networks "
					+ "chooses its own key; set " + TOMCAT_INTERNAL_PROXIES + " to a pattern of the proxies' addresses";
		}
		return null;
	}

	/**
	 * Returns whether the server already resolved the client's address, so that the starter must not walk the
	 * header a second time.
	 * @return {@code true} for {@code native}
	 */
	boolean resolvedByServer() {
		return this.strategy.equals("native");
	}

	/**
	 * Returns the setting, for messages.
	 * @return such as {@code server.forward-headers-strategy=framework}
	 */
	String setting() {
		return this.setting;
	}

	/**
	 * Returns why a key made of the client's address has no trust boundary.
	 * @return the reason, or {@code null} when it has one
	 */
	String untrusted() {
		return this.untrusted;
	}

}
