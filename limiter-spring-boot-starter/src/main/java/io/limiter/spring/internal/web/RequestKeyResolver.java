package io.limiter.spring.internal.web;

import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;

import io.limiter.spring.internal.http.EmptyKeyPolicy;
import io.limiter.spring.internal.http.KeySetting;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * Gives the key of a request under a filter rule. A request that lacks what the key is made of (no header or a
 * blank one, an expression that gives {@code null} or blank text, no authenticated user) is keyed as the rule's
 * {@link EmptyKeyPolicy} says: by its client address unless the rule says otherwise.
 */
@FunctionalInterface
public interface RequestKeyResolver {

	/**
	 * Returns the key of a request.
	 * @param request the request
	 * @return the key, never {@code null}
	 * @throws org.springframework.web.server.ResponseStatusException when the request lacks its key and the rule
	 * denies such requests
	 */
	String resolve(HttpServletRequest request);

	/**
	 * Makes the resolver of a key setting: {@code ip} (the client address, for IPv6 its network),
	 * {@code header:<Name>}, {@code principal}, a literal such as {@code 'everyone'}, or a SpEL expression whose
	 * root object is the request, such as {@code getParameter('tenant')}. Expressions may read properties and call
	 * methods of the request and of beans ({@code @name}), nothing else.
	 * @param setting the parsed setting
	 * @param emptyKey what the key of a request that lacks one is
	 * @param clients the resolver of client addresses
	 * @param contexts makes the evaluation context of a request
	 * @return the resolver
	 */
	static RequestKeyResolver of(KeySetting setting, EmptyKeyPolicy emptyKey, ClientAddressResolver clients,
			RuleExpressionContexts<HttpServletRequest> contexts) {
		if (setting instanceof KeySetting.ClientAddress) {
			return clients::resolve;
		}
		if (setting instanceof KeySetting.Constant constant) {
			String key = constant.value();
			return (request) -> key;
		}
		Function<HttpServletRequest, String> key;
		if (setting instanceof KeySetting.UserPrincipal) {
			key = (request) -> KeySetting.UserPrincipal.nameOf(request.getUserPrincipal());
		}
		else if (setting instanceof KeySetting.Header header) {
			key = (request) -> request.getHeader(header.name());
		}
		else {
			KeySetting.Evaluated evaluated = (KeySetting.Evaluated) setting;
			key = (request) -> evaluated.key(contexts.forRequest(request));
		}
		return (request) -> emptyKey.keyOr(key.apply(request), () -> clients.resolve(request));
	}

}
