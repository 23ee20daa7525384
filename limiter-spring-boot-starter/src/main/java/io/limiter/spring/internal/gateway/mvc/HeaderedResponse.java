package io.limiter.spring.internal.gateway.mvc;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.util.MultiValueMap;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * A route's response with the rate-limit headers added: Spring MVC's responses keep their headers read-only, so the
 * headers are set on the servlet response before the route's response writes its own.
 */
final class HeaderedResponse implements ServerResponse {

	private final ServerResponse response;

	private final HttpHeaders added;

	HeaderedResponse(ServerResponse response, HttpHeaders added) {
		this.response = response;
		this.added = added;
	}

	@Override
	public HttpStatusCode statusCode() {
		return this.response.statusCode();
	}

	@Override
	public HttpHeaders headers() {
		HttpHeaders all = new HttpHeaders();
		all.addAll(this.response.headers());
		all.addAll(this.added);
		return HttpHeaders.readOnlyHttpHeaders(all);
	}

	@Override
	public MultiValueMap<String, Cookie> cookies() {
		return this.response.cookies();
	}

	@Override
	public ModelAndView writeTo(HttpServletRequest request, HttpServletResponse servletResponse, Context context)
			throws ServletException, IOException {
		this.added.forEach((name, values) -> values.forEach((value) -> servletResponse.addHeader(name, value)));
		return this.response.writeTo(request, servletResponse, context);
	}

}
