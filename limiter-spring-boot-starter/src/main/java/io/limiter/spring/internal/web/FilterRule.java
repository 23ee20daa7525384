package io.limiter.spring.internal.web;

import java.util.List;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;

import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.Verdict;

/**
 * One rule of the filter: which requests (path patterns and methods) take how many permits of which limit,
 * under which key.
 */
public final class FilterRule {

	private final List<PathPattern> paths;

	private final Set<String> methods;

	private final LimitEnforcer enforcer;

	private final RequestKeyResolver key;

	private final long cost;

	/**
	 * Creates a rule.
	 * @param paths the path patterns, any of which matches; empty matches every path
	 * @param methods the upper-case HTTP methods, any of which matches; empty matches every method
	 * @param enforcer the limit
	 * @param key the key of a request
	 * @param cost the permits a request takes
	 */
	public FilterRule(List<PathPattern> paths, Set<String> methods, LimitEnforcer enforcer, RequestKeyResolver key,
			long cost) {
		this.paths = List.copyOf(paths);
		this.methods = Set.copyOf(methods);
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
		if (!this.methods.isEmpty() && !this.methods.contains(method)) {
			return false;
		}
		if (this.paths.isEmpty()) {
			return true;
		}
		for (PathPattern pattern : this.paths) {
			if (pattern.matches(path)) {
				return true;
			}
		}
		return false;
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
