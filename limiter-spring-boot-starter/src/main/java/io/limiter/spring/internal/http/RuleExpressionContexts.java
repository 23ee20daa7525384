package io.limiter.spring.internal.http;

import java.util.function.Function;

import org.springframework.expression.EvaluationContext;

import io.limiter.spring.internal.ExpressionContexts;

/**
 * Makes the evaluation contexts of the SpEL keys and {@code skip-if} conditions of filter rules, whatever the HTTP
 * stack: the request is the root object, and {@code #clientAddress} is the client's address as the key {@code ip}
 * finds it (believing forwarded headers from trusted proxies only), where the request's own remote address may
 * be what a forwarded header said.
 * @param <R> the type of the request
 */
public final class RuleExpressionContexts<R> {

	/** The name of the variable that holds the client's address. */
	public static final String CLIENT_ADDRESS = "clientAddress";

	private final ExpressionContexts contexts;

	private final Function<R, String> clientAddress;

	/**
	 * Creates the contexts' maker.
	 * @param contexts makes the evaluation context of a request
	 * @param clientAddress gives the address of the client of a request
	 */
	public RuleExpressionContexts(ExpressionContexts contexts, Function<R, String> clientAddress) {
		this.contexts = contexts;
		this.clientAddress = clientAddress;
	}

	/**
	 * Returns a context whose root object is a request.
	 * @param request the request
	 * @return a new context
	 */
	public EvaluationContext forRequest(R request) {
		EvaluationContext context = this.contexts.forRequest(request);
		context.setVariable(CLIENT_ADDRESS, this.clientAddress.apply(request));
		return context;
	}

}
