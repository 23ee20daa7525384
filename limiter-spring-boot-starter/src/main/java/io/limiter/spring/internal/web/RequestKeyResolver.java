package io.limiter.spring.internal.web;

import java.security.Principal;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;
import org.springframework.expression.spel.support.SimpleEvaluationContext;

import io.limiter.spring.internal.http.KeySetting;

/**
 * Gives the key of a request under a filter rule. Requests that lack what the key is made of (no header, no
 * principal, an expression that gives {@code null}) share the empty key.
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
	 * {@code header:<Name>}, {@code principal}, a literal such as {@code 'everyone'}, or a SpEL expression whose
	 * root object is the request, such as {@code getParameter('tenant')}. Expressions may read properties and call
	 * methods of the request, nothing else.
	 * @param setting the parsed setting
	 * @param clients the resolver of client addresses
	 * @return the resolver
	 */
	static RequestKeyResolver of(KeySetting setting, ClientAddressResolver clients) {
		if (setting instanceof KeySetting.ClientAddress) {
			return clients::resolve;
		}
		if (setting instanceof KeySetting.UserPrincipal) {
			return (request) -> {
				Principal principal = request.getUserPrincipal();
				return (principal != null) ? principal.getName() : NONE;
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
		Expression expression = ((KeySetting.Evaluated) setting).expression();
		return (request) -> {
			EvaluationContext context = SimpleEvaluationContext.forReadOnlyDataBinding()
				.withInstanceMethods()
				.withRootObject(request)
				.build();
			Object value = expression.getValue(context);
			return (value != null) ? value.toString() : NONE;
		};
	}

}
