package io.limiter.spring.internal.http;

import java.util.List;
import java.util.Set;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The requests a filter rule applies to: path patterns and HTTP methods.
 */
public final class RequestPattern {

	private final List<PathPattern> paths;

	private final Set<String> methods;

	/**
	 * Creates a pattern.
	 * @param paths the path patterns, any of which matches; empty matches every path
	 * @param methods the upper-case HTTP methods, any of which matches; empty matches every method
	 */
	public RequestPattern(List<PathPattern> paths, Set<String> methods) {
		this.paths = List.copyOf(paths);
		this.methods = Set.copyOf(methods);
	}

	/**
	 * Returns whether a request matches.
	 * @param method the request's HTTP method
	 * @param path the request's path within the application
	 * @return {@code true} when it matches
	 */
	public boolean matches(String method, PathContainer path) {
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

}
