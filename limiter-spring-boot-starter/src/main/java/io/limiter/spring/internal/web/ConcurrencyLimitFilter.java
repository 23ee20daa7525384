package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ResponseStatusException;

import io.limiter.ConcurrencyPermit;
import io.limiter.spring.internal.ConcurrencyDenials;
import io.limiter.spring.internal.HeldPermits;
import io.limiter.spring.internal.http.ConcurrencyRule;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * Applies the filter rules that name concurrency limits: a matching request takes one permit of each rule's limit
 * (of the first matching rule only, under {@code limiter.filter.match: first}) before it goes on, and holds them until
 * it ends: when the chain returns or throws, or, for a request that went asynchronous, when its async processing
 * completes or fails (a timeout, a client that went away). A request that a rule denies is answered as the rule says
 * (429, {@code Retry-After: 1} and the problem by default), after the permits of the rules before are back; it gets
 * no RateLimit headers, which describe quotas, not requests in flight.
 * <p>
 * Registered for the {@code REQUEST} dispatch only: an async dispatch of the request is part of the same request.
 */
public final class ConcurrencyLimitFilter implements Filter {

	private final List<ConcurrencyRule<RequestKeyResolver>> rules;

	private final boolean firstMatchOnly;

	private final RateLimitResponses responses;

	private final RuleExpressionContexts<HttpServletRequest> contexts;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes denials
	 * @param contexts makes the evaluation context of the rules' conditions
	 */
	public ConcurrencyLimitFilter(List<ConcurrencyRule<RequestKeyResolver>> rules, boolean firstMatchOnly,
			RateLimitResponses responses, RuleExpressionContexts<HttpServletRequest> contexts) {
		this.rules = List.copyOf(rules);
		this.firstMatchOnly = firstMatchOnly;
		this.responses = responses;
		this.contexts = contexts;
	}

	@Override
	public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
			throws ServletException, IOException {
		if (this.rules.isEmpty() || !(servletRequest instanceof HttpServletRequest request)
				|| !(servletResponse instanceof HttpServletResponse response)) {
			chain.doFilter(servletRequest, servletResponse);
			return;
		}
		PathContainer path = ServletPaths.withinApplication(request);
		String method = request.getMethod();
		HeldPermits held = new HeldPermits();
		for (ConcurrencyRule<RequestKeyResolver> rule : this.rules) {
			if (!rule.requests().matches(method, path) || skips(rule, request)) {
				continue;
			}
			ConcurrencyPermit permit;
			try {
				permit = rule.limiter().tryAcquire(rule.key().resolve(request));
			}
			catch (ResponseStatusException ex) {
				held.release();
				response.sendError(ex.getStatusCode().value(), ex.getReason());
				return;
			}
			if (!permit.isAllowed()) {
				held.release();
				this.responses.deny(request, response, List.of(), rule.limiter().name(),
						ConcurrencyDenials.decision(permit), rule.denial());
				return;
			}
			held.add(permit);
			if (this.firstMatchOnly) {
				break;
			}
		}
		if (held.isEmpty()) {
			chain.doFilter(request, response);
			return;
		}
		try {
			chain.doFilter(request, response);
		}
		finally {
			if (request.isAsyncStarted()) {
				request.getAsyncContext().addListener(new ReleaseOnEnd(held));
			}
			else {
				held.release();
			}
		}
	}

	private boolean skips(ConcurrencyRule<RequestKeyResolver> rule, HttpServletRequest request) {
		return rule.skipIf().isSet() && rule.skipIf().holds(this.contexts.forRequest(request));
	}

	/**
	 * Releases the permits of an asynchronous request when its async processing completes or fails, following it
	 * into every async processing it starts again.
	 */
	private record ReleaseOnEnd(HeldPermits held) implements AsyncListener {

		@Override
		public void onComplete(AsyncEvent event) {
			this.held.release();
		}

		@Override
		public void onTimeout(AsyncEvent event) {
		}

		@Override
		public void onError(AsyncEvent event) {
			this.held.release();
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
			event.getAsyncContext().addListener(this);
		}

	}

}
