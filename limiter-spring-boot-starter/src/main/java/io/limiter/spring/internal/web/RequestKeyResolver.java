package io.limiter.spring.internal.web;

import java.security.Principal;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.ast.Literal;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;

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
	 * Parses a key setting: {@code ip} (the client address, for IPv6 its network), {@code header:<Name>},
	 * {@code principal}, or else a SpEL expression whose root object is the request, such as
	 * {@code getParameter('tenant')} or {@code 'everyone'} (a literal is evaluated once). Expressions may read
	 * properties and call methods of the request, nothing else.
	 * @param setting the setting
	 * @param clients the resolver of client addresses
	 * @return the resolver
	 * @throws IllegalArgumentException when the setting is empty or not a valid expression
	 */
	static RequestKeyResolver parse(String setting, ClientAddressResolver clients) {
		String trimmed = (setting != null) ? setting.trim() : "";
		if (trimmed.isEmpty()) {
			throw new IllegalArgumentException("the key must be ip, header:<Name>, principal or a SpEL expression");
		}
		if (trimmed.equals("ip")) {
			return clients::resolve;
		}
		if (trimmed.equals("principal")) {
			return (request) -> {
				Principal principal = request.getUserPrincipal();
				return (principal != null) ? principal.getName() : NONE;
			};
		}
		if (trimmed.startsWith("header:")) {
			String name = trimmed.substring("header:".length()).trim();
			if (name.isEmpty()) {
				throw new IllegalArgumentException("header: must be followed by a header name");
			}
			return (request) -> {
				String value = request.getHeader(name);
				return (value != null) ? value : NONE;
			};
		}
		Expression expression;
		try {
			expression = new SpelExpressionParser().parseExpression(trimmed);
		}
		catch (ParseException ex) {
			throw new IllegalArgumentException("the key is not ip, header:<Name>, principal or a valid SpEL "
					+ "expression: " + ex.getMessage(), ex);
		}
		if (expression instanceof SpelExpression spel && spel.getAST() instanceof Literal literal) {
			String constant = String.valueOf(literal.getLiteralValue().getValue());
			return (request) -> constant;
		}
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
