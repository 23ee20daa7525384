package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.util.function.SingletonSupplier;

import io.limiter.Decision;
import io.limiter.spring.RateLimitDenialBody;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Writes the rate-limit fields ({@link RateLimitHeaders}) on every limited servlet response, and answers a
 * denied request as its rule says ({@link DenialResponse}): by default 429, {@code Retry-After} and an RFC 9457
 * problem, written by the application's own converter of {@code application/problem+json} as Spring MVC writes
 * its problems (by hand only when it has none).
 */
public final class RateLimitResponses {

	private final RateLimitHeaders headers;

	private final SingletonSupplier<Optional<HttpMessageConverter<Object>>> problemConverter;

	/**
	 * Creates a writer.
	 * @param headers whether to write the {@code RateLimit-Policy} and {@code RateLimit} fields
	 * @param legacyHeaders whether to write {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
	 * @param converters the application's message converters, asked for at the first denial (they are beans that
	 * may not exist yet while the filter is made): the first that writes {@code application/problem+json} writes the
	 * problems
	 */
	public RateLimitResponses(boolean headers, boolean legacyHeaders,
			Supplier<? extends Iterable<HttpMessageConverter<?>>> converters) {
		this.headers = new RateLimitHeaders(headers, legacyHeaders);
		this.problemConverter = SingletonSupplier.of(() -> problemConverter(converters.get()));
	}

	@SuppressWarnings("unchecked")
	private static Optional<HttpMessageConverter<Object>> problemConverter(
			Iterable<HttpMessageConverter<?>> converters) {
		for (HttpMessageConverter<?> converter : converters) {
			if (converter.canWrite(ProblemDetail.class, MediaType.APPLICATION_PROBLEM_JSON)) {
				return Optional.of((HttpMessageConverter<Object>) converter);
			}
		}
		return Optional.empty();
	}

	/**
	 * Writes the headers of the reportable enforcements.
	 * @param response the response, not yet committed
	 * @param enforcements the enforcements of the limits applied to the request
	 */
	public void writeHeaders(HttpServletResponse response, List<Enforcement> enforcements) {
		writeHeaders(enforcements, response::setHeader);
	}

	/**
	 * Writes the headers of the reportable enforcements where a response is not at hand, such as a gateway's.
	 * @param enforcements the enforcements of the limits applied to the request
	 * @param header sets one header (name, value)
	 */
	public void writeHeaders(List<Enforcement> enforcements, BiConsumer<String, String> header) {
		this.headers.write(enforcements, header);
	}

	/**
	 * Answers a denied request: headers, the rule's status (429 by default), {@code Retry-After}, the rule's extra
	 * headers and its body (a problem by default).
	 * @param request the request
	 * @param response the response, not yet committed
	 * @param enforcements the enforcements of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param decision that limit's decision
	 * @param denial how the rule answers
	 * @throws IOException when the body cannot be written
	 */
	public void deny(HttpServletRequest request, HttpServletResponse response, List<Enforcement> enforcements,
			String limitName, Decision decision, DenialResponse denial) throws IOException {
		writeHeaders(response, enforcements);
		DenialResponse.Answer answer = denial.answer(request.getRequestURI(), limitName, decision);
		response.setStatus(answer.status());
		response.setHeader("Retry-After", answer.retryAfter());
		answer.headers().forEach(response::setHeader);
		ProblemDetail problem = answer.problem();
		Optional<HttpMessageConverter<Object>> converter = (problem != null) ? this.problemConverter.obtain()
				: Optional.empty();
		if (converter.isPresent()) {
			converter.get().write(problem, MediaType.APPLICATION_PROBLEM_JSON, new ServletServerHttpResponse(response));
			return;
		}
		RateLimitDenialBody.Body body = answer.body();
		response.setContentType(body.contentType());
		response.setContentLength(body.content().length);
		response.getOutputStream().write(body.content());
	}

}
