package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.server.PathContainer;
import org.springframework.http.server.RequestPath;
import org.springframework.web.filter.OncePerRequestFilter;

import io.limiter.spring.internal.Verdict;

/**
 * Applies the filter rules to every request: the first matching rule, or every matching rule in order until
 * one denies. An allowed request goes on with RateLimit headers; a denied one is answered with 429.
 */
public final class RateLimitFilter extends OncePerRequestFilter {

	private final List<FilterRule> rules;

	private final boolean firstMatchOnly;

	private final RateLimitResponses responses;

	/**
	 * Creates a filter.
	 * @param rules the rules, in order
	 * @param firstMatchOnly whether only the first matching rule applies
	 * @param responses writes headers and 429 answers
	 */
	public RateLimitFilter(List<FilterRule> rules, boolean firstMatchOnly, RateLimitResponses responses) {
		this.rules = List.copyOf(rules);
		this.firstMatchOnly = firstMatchOnly;
		this.responses = responses;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (this.rules.isEmpty()) {
			chain.doFilter(request, response);
			return;
		}
		PathContainer path = RequestPath.parse(request.getRequestURI(), request.getContextPath())
			.pathWithinApplication();
		String method = request.getMethod();
		List<Verdict> verdicts = null;
		for (FilterRule rule : this.rules) {
			if (!rule.matches(method, path)) {
				continue;
			}
			Verdict verdict = rule.enforce(request);
			if (verdicts == null) {
				verdicts = new ArrayList<>(2);
			}
			verdicts.add(verdict);
			if (!verdict.allowed()) {
				this.responses.deny(request, response, verdicts, verdict);
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
