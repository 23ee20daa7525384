package io.limiter.spring.internal.web;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.server.PathContainer;

import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.RequestPattern;

/**
 * One rule of the filter: which requests (path patterns and methods) take how many permits of which limit,
 * under which key.
 */
public final class FilterRule {

	private final RequestPattern requests;

	private final LimitEnforcer enforcer;

	private final RequestKeyResolver key;

	private final long cost;

	/**
	 * Creates a rule.
	 * @param requests the requests it applies to
	 * @param enforcer the limit
	 * @param key the key of a request
	 * @param cost the permits a request takes
	 */
	public FilterRule(RequestPattern requests, LimitEnforcer enforcer, RequestKeyResolver key, long cost) {
		this.requests = requests;
		this.enforcer = enforcer;
		this.key = key;
		this.cost = cost;
	}

	/**
	 * Returns whether the rule applies to a request.
	 * @param method the request's HTTP method
	 * @param path the request's path within the application
	 * @return {@code true} when it applies
	 */
	boolean matches(String method, PathContainer path) {
		return this.requests.matches(method, path);
	}

	/**
	 * Takes the rule's permits for the request.
	 * @param request the request
	 * @return the verdict
	 */
	Verdict enforce(HttpServletRequest request) {
		return this.enforcer.enforce(this.key.resolve(request), this.cost);
	}

}
