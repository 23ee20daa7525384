package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.server.PathContainer;

import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.LimitRule;

/**
 * Applies the filter rules to every request: the first matching rule, or every matching rule in order until
 * one denies. An allowed request goes on with RateLimit headers; a denied one is answered with 429.
 * <p>
 * A plain {@link Filter}: it is registered for the {@code REQUEST} dispatch only, so it runs once per request
 * without the bookkeeping of {@code OncePerRequestFilter}, which costs more than the decision itself.
 */
public final class RateLimitFilter implements Filter {

	private final List<LimitRule<RequestKeyResolver>> rules;

	private final boolean firstMatchOnly;

	private final RateLimitResponses responses;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes headers and 429 answers
	 */
	public RateLimitFilter(List<LimitRule<RequestKeyResolver>> rules, boolean firstMatchOnly,
			RateLimitResponses responses) {
		this.rules = List.copyOf(rules);
		this.firstMatchOnly = firstMatchOnly;
		this.responses = responses;
	}

	@Override
	public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
			throws ServletException, IOException {
		if (this.rules.isEmpty() || !(servletRequest instanceof HttpServletRequest request)
				|| !(servletResponse instanceof HttpServletResponse response)) {
			chain.doFilter(servletRequest, servletResponse);
			return;
		}
		String uri = request.getRequestURI();
		String contextPath = request.getContextPath();
		PathContainer path = PathContainer
			.parsePath(uri.startsWith(contextPath) ? uri.substring(contextPath.length()) : uri);
		String method = request.getMethod();
		List<Verdict> verdicts = null;
		for (LimitRule<RequestKeyResolver> rule : this.rules) {
			if (!rule.requests().matches(method, path)) {
				continue;
			}
			Verdict verdict = rule.enforcer().enforce(rule.key().resolve(request), rule.cost(), request);
			if (verdicts == null) {
				verdicts = new ArrayList<>(2);
			}
			verdicts.add(verdict);
			if (!verdict.allowed()) {
				this.responses.deny(request, response, verdicts, verdict.limitName(),
						verdict.decision().retryAfterMillis());
				return;
			}
			if (this.firstMatchOnly) {
				break;
			}
		}
		if (verdicts != null) {
			this.responses.writeHeaders(response, verdicts);
		}
		chain.doFilter(request, response);
	}

}
