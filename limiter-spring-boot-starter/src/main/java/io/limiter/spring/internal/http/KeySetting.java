package io.limiter.spring.internal.http;

import java.security.Principal;

import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.ast.Literal;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.standard.SpelExpressionParser;

/**
 * What a filter rule's {@code key} setting says the key of a request is made of, whatever the HTTP stack:
 * {@code ip} (the client address), {@code principal}, {@code header:<Name>}, a SpEL literal such as
 * {@code 'everyone'}, or a SpEL expression over the request. A request that lacks what its key is made of is
 * keyed as the rule's {@link EmptyKeyPolicy} says.
 */
public sealed interface KeySetting {

	/**
	 * Parses a key setting.
	 * @param setting the setting
	 * @return what it says
	 * @throws IllegalArgumentException when the setting is empty or not a valid expression
	 */
	static KeySetting parse(String setting) {
		String trimmed = (setting != null) ? setting.trim() : "";
		if (trimmed.isEmpty()) {
			throw new IllegalArgumentException("the key must be ip, header:<Name>, principal or a SpEL expression");
		}
		if (trimmed.equals("ip")) {
			return new ClientAddress();
		}
		if (trimmed.equals("principal")) {
			return new UserPrincipal();
		}
		if (trimmed.startsWith("header:")) {
			String name = trimmed.substring("header:".length()).trim();
			if (name.isEmpty()) {
				throw new IllegalArgumentException("header: must be followed by a header name");
			}
			return new Header(name);
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
			return new Constant(String.valueOf(literal.getLiteralValue().getValue()));
		}
		return new Evaluated(expression);
	}

	/**
	 * The key is the client's address.
	 */
	record ClientAddress() implements KeySetting {
	}

	/**
	 * The key is the name of the authenticated user; a request without one has no key.
	 */
	record UserPrincipal() implements KeySetting {

		private static final String ANONYMOUS =
				"org.springframework.security.authentication.AnonymousAuthenticationToken";

		/**
		 * Returns the name of an authenticated user.
		 * @param principal the request's principal, possibly {@code null}
		 * @return its name, or {@code null} when there is none or it is Spring Security's anonymous user
		 */
		public static String nameOf(Principal principal) {
			if (principal == null || principal.getClass().getName().equals(ANONYMOUS)) {
				return null;
			}
			return principal.getName();
		}

	}

	/**
	 * The key is the value of a request header.
	 * @param name the header's name
	 */
	record Header(String name) implements KeySetting {
	}

	/**
	 * One key shared by every request.
	 * @param value the key
	 */
	record Constant(String value) implements KeySetting {
	}

	/**
	 * The key is the value of a SpEL expression whose root object is the request.
	 * @param expression the parsed expression
	 */
	record Evaluated(Expression expression) implements KeySetting {

		/**
		 * Returns the key of a request.
		 * @param context the request's evaluation context
		 * @return the expression's value as text, or {@code null} when it gives {@code null}
		 */
		public String key(EvaluationContext context) {
			Object value = this.expression.getValue(context);
			return (value != null) ? value.toString() : null;
		}

	}

}
