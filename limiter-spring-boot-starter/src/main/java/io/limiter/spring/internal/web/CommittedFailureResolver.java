package io.limiter.spring.internal.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Sees, first among Spring MVC's exception resolvers, an exception that a handler's answer meets after the answer
 * was committed (a body whose serialization breaks off once its start left the server), and settles the request's
 * counted permits with it ({@link SettlingResponse#settleFailed}): no resolver can turn such an answer into an
 * error any more, and Spring MVC ends it as if it were whole, with the status it started with. It resolves nothing,
 * so the application's resolvers run as before.
 */
public final class CommittedFailureResolver implements HandlerExceptionResolver, Ordered {

	@Override
	public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler,
			Exception ex) {
		if (response.isCommitted()) {
			SettlingResponse settling = SettlingResponse.of(request);
			if (settling != null) {
				settling.settleFailed(ex);
			}
		}
		return null;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
