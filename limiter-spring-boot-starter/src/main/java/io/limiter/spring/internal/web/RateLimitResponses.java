package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.http.RateLimitProblem;

/**
 * Writes the rate-limit fields ({@link RateLimitHeaders}) on every limited servlet response, and answers a
 * denied request with 429, {@code Retry-After} and an RFC 9457 problem ({@link RateLimitProblem}).
 */
public final class RateLimitResponses {

	/** The media type of the problem body. */
	public static final String PROBLEM_JSON = RateLimitProblem.MEDIA_TYPE;

	private final RateLimitHeaders headers;

	/**
	 * Creates a writer.
	 * @param headers whether to write the {@code RateLimit-Policy} and {@code RateLimit} fields
	 * @param legacyHeaders whether to write {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
	 */
	public RateLimitResponses(boolean headers, boolean legacyHeaders) {
		this.headers = new RateLimitHeaders(headers, legacyHeaders);
	}

	/**
	 * Writes the headers of the reportable verdicts.
	 * @param response the response, not yet committed
	 * @param verdicts the verdicts of the limits applied to the request
	 */
	public void writeHeaders(HttpServletResponse response, List<Verdict> verdicts) {
		this.headers.write(verdicts, response::setHeader);
	}

	/**
	 * Answers a denied request: headers, 429, {@code Retry-After} and a problem body.
	 * @param request the request
	 * @param response the response, not yet committed
	 * @param verdicts the verdicts of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param retryAfterMillis when the request could be granted
	 * @throws IOException when the body cannot be written
	 */
	public void deny(HttpServletRequest request, HttpServletResponse response, List<Verdict> verdicts,
			String limitName, long retryAfterMillis) throws IOException {
		writeHeaders(response, verdicts);
		RateLimitProblem problem = new RateLimitProblem(request.getRequestURI(), limitName, retryAfterMillis);
		response.setStatus(RateLimitProblem.STATUS);
		response.setHeader("Retry-After", problem.retryAfter());
		response.setContentType(PROBLEM_JSON);
		response.setContentLength(problem.body().length);
		response.getOutputStream().write(problem.body());
	}

}
