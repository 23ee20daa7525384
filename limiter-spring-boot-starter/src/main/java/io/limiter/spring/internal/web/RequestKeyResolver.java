package io.limiter.spring.internal.web;

import jakarta.servlet.http.HttpServletRequest;

import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.http.KeySetting;

/**
 * Gives the key of a request under a filter rule. Requests that lack what the key is made of (no header, an
 * expression that gives {@code null}) share the empty key.
 */
@FunctionalInterface
public interface RequestKeyResolver {

	/** The key of a request that lacks what the key is made of. */
	String NONE = "";

	/**
	 * Returns the key of a request.
	 * @param request the request
	 * @return the key, never {@code null}
	 */
	String resolve(HttpServletRequest request);

	/**
	 * Makes the resolver of a key setting: {@code ip} (the client address, for IPv6 its network),
	 * {@code header:<Name>}, {@code principal} (the client address when no user is authenticated), a literal such
	 * as {@code 'everyone'}, or a SpEL expression whose root object is the request, such as
	 * {@code getParameter('tenant')}. Expressions may read properties and call methods of the request and of beans
	 * ({@code @name}), nothing else.
	 * @param setting the parsed setting
	 * @param clients the resolver of client addresses
	 * @param contexts makes the evaluation context of a request
	 * @return the resolver
	 */
	static RequestKeyResolver of(KeySetting setting, ClientAddressResolver clients, ExpressionContexts contexts) {
		if (setting instanceof KeySetting.ClientAddress) {
			return clients::resolve;
		}
		if (setting instanceof KeySetting.UserPrincipal) {
			return (request) -> {
				String user = KeySetting.UserPrincipal.nameOf(request.getUserPrincipal());
				return (user != null) ? user : clients.resolve(request);
			};
		}
		if (setting instanceof KeySetting.Header header) {
			return (request) -> {
				String value = request.getHeader(header.name());
				return (value != null) ? value : NONE;
			};
		}
		if (setting instanceof KeySetting.Constant constant) {
			String key = constant.value();
			return (request) -> key;
		}
		KeySetting.Evaluated evaluated = (KeySetting.Evaluated) setting;
		return (request) -> evaluated.key(contexts.forRequest(request));
	}

}
