package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.server.PathContainer;
import org.springframework.web.server.ResponseStatusException;

import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.http.LimitRule;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * Applies the filter rules to every request: the first matching rule, or every matching rule in order until
 * one denies; a rule whose {@code skip-if} holds does not match. An allowed request goes on with RateLimit
 * headers; a denied one is answered as its rule says (429 by default). A request that lacks its key under a rule
 * that denies such requests is answered with that rule's status through the container's error handling.
 * <p>
 * A rule that counts only some statuses takes its permits before the request and gives them back when the
 * request ends with a status that does not count, before the end of its answer can reach the client
 * ({@link SettlingResponse}). The status is the request's final one: an exception that leaves the filter counts as
 * 500 (a client that went away leaves the status it was answered with), and an asynchronous request ends when its
 * last async dispatch returns without starting another, or when its async processing completes or fails. When a
 * later rule denies the request, the permits of such rules are given back: it did not run.
 * <p>
 * A plain {@link Filter}: it is registered for the {@code REQUEST} dispatch, where it decides, and for the
 * {@code ASYNC} dispatch, where it only settles, so it runs once per request without the bookkeeping of
 * {@code OncePerRequestFilter}, which costs more than the decision itself.
 */
public final class RateLimitFilter implements Filter {

	private final List<LimitRule<RequestKeyResolver>> rules;

	private final boolean firstMatchOnly;

	private final RateLimitResponses responses;

	private final RuleExpressionContexts<HttpServletRequest> contexts;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes headers and denials
	 * @param contexts makes the evaluation context of the rules' conditions
	 */
	public RateLimitFilter(List<LimitRule<RequestKeyResolver>> rules, boolean firstMatchOnly,
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
		if (request.getDispatcherType() == DispatcherType.ASYNC) {
			SettlingResponse settling = SettlingResponse.of(request);
			if (settling == null) {
				chain.doFilter(request, response);
				return;
			}
			dispatchAndSettle(request, response, chain, settling);
			return;
		}
		PathContainer path = ServletPaths.withinApplication(request);
		String method = request.getMethod();
		List<Enforcement> enforcements = null;
		PendingRefunds<Integer> pending = null;
		for (LimitRule<RequestKeyResolver> rule : this.rules) {
			if (!rule.requests().matches(method, path) || skips(rule, request)) {
				continue;
			}
			String key;
			try {
				key = rule.key().resolve(request);
			}
			catch (ResponseStatusException ex) {
				if (pending != null) {
					pending.refundAll();
				}
				response.sendError(ex.getStatusCode().value(), ex.getReason());
				return;
			}
			Enforcement enforcement = rule.enforcer().enforce(key, rule.cost(), request);
			if (enforcements == null) {
				enforcements = new ArrayList<>(2);
			}
			enforcements.add(enforcement);
			if (!enforcement.allowed()) {
				if (pending != null) {
					pending.refundAll();
				}
				this.responses.deny(request, response, enforcements, enforcement.limitName(), enforcement.decision(),
						rule.denial());
				return;
			}
			if (enforcement.charged() && rule.countOn().afterCompletion()) {
				pending = (pending != null) ? pending : new PendingRefunds<>();
				pending.add(rule.enforcer(), key, enforcement, rule.countOn()::counts);
			}
			if (this.firstMatchOnly) {
				break;
			}
		}
		if (enforcements != null) {
			this.responses.writeHeaders(response, enforcements);
		}
		if (pending == null) {
			chain.doFilter(request, response);
			return;
		}
		proceedAndSettle(request, response, chain, pending);
	}

	private boolean skips(LimitRule<RequestKeyResolver> rule, HttpServletRequest request) {
		return rule.skipIf().isSet() && rule.skipIf().holds(this.contexts.forRequest(request));
	}

	private static void proceedAndSettle(HttpServletRequest request, HttpServletResponse response,
			FilterChain chain, PendingRefunds<Integer> pending) throws ServletException, IOException {
		SettlingResponse settling = SettlingResponse.wrap(request, response, pending);
		dispatchAndSettle(request, settling, chain, settling);
		if (request.isAsyncStarted()) {
			request.getAsyncContext().addListener(new SettleOnComplete(settling));
		}
	}

	/**
	 * Goes on with a dispatch of the request, and settles when the request ends with it: when it throws, or
	 * returns without starting (another) async processing.
	 */
	private static void dispatchAndSettle(HttpServletRequest request, HttpServletResponse response,
			FilterChain chain, SettlingResponse settling) throws ServletException, IOException {
		try {
			chain.doFilter(request, response);
		}
		catch (ServletException | IOException | RuntimeException | Error ex) {
			settling.settleFailed(ex);
			throw ex;
		}
		if (!request.isAsyncStarted()) {
			settling.settle();
		}
	}

	/**
	 * Settles the permits of an asynchronous request that ends without a last dispatch: when its async processing
	 * completes, or fails (a failure that the application leaves to the container, a client that went away). It
	 * follows the request into every async processing that the request starts again.
	 */
	private record SettleOnComplete(SettlingResponse response) implements AsyncListener {

		@Override
		public void onComplete(AsyncEvent event) {
			this.response.settle();
		}

		@Override
		public void onTimeout(AsyncEvent event) {
		}

		@Override
		public void onError(AsyncEvent event) {
			this.response.settleFailed(event.getThrowable());
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
			event.getAsyncContext().addListener(this);
		}

	}

}
