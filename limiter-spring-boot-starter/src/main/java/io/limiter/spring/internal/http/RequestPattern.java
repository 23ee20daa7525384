package io.limiter.spring.internal.http;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;

/**
 * The requests a filter rule applies to: path patterns and HTTP methods. A rule for {@code GET} also applies to
 * {@code HEAD}, as Spring MVC and WebFlux answer a {@code HEAD} with the {@code GET} handler of its path: the
 * handler runs just the same, so its requests count just the same.
 */
public final class RequestPattern {

	private final List<PathPattern> paths;

	private final Set<String> methods;

	/**
	 * Creates a pattern.
	 * @param paths the path patterns, any of which matches; empty matches every path
	 * @param methods the upper-case HTTP methods, any of which matches ({@code GET} also matches {@code HEAD});
	 * empty matches every method
	 */
	public RequestPattern(List<PathPattern> paths, Set<String> methods) {
		this.paths = List.copyOf(paths);
		Set<String> matched = new HashSet<>(methods);
		if (matched.contains("GET")) {
			matched.add("HEAD");
		}
		this.methods = Set.copyOf(matched);
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
