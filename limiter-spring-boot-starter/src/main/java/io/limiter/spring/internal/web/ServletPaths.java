package io.limiter.spring.internal.web;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.server.PathContainer;

/**
 * The path of a servlet request as filter rules match it: within the application, without its context path.
 */
final class ServletPaths {

	private ServletPaths() {
	}

	/**
	 * Returns a request's path within the application.
	 * @param request the request
	 * @return its path, parsed for path patterns
	 */
	static PathContainer withinApplication(HttpServletRequest request) {
		String uri = request.getRequestURI();
		String contextPath = request.getContextPath();
		return PathContainer.parsePath(uri.startsWith(contextPath) ? uri.substring(contextPath.length()) : uri);
	}

}
