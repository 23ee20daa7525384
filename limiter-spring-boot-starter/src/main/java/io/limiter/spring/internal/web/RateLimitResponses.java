package io.limiter.spring.internal.web;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.limiter.Decision;
import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Writes the rate-limit fields ({@link RateLimitHeaders}) on every limited servlet response, and answers a
 * denied request as its rule says ({@link DenialResponse}): by default 429, {@code Retry-After} and an RFC 9457
 * problem.
 */
public final class RateLimitResponses {

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
	 * Answers a denied request: headers, the rule's status (429 by default), {@code Retry-After}, the rule's extra
	 * headers and its body (a problem by default).
	 * @param request the request
	 * @param response the response, not yet committed
	 * @param verdicts the verdicts of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param decision that limit's decision
	 * @param denial how the rule answers
	 * @throws IOException when the body cannot be written
	 */
	public void deny(HttpServletRequest request, HttpServletResponse response, List<Verdict> verdicts,
			String limitName, Decision decision, DenialResponse denial) throws IOException {
		writeHeaders(response, verdicts);
		DenialResponse.Answer answer = denial.answer(request.getRequestURI(), limitName, decision);
		response.setStatus(answer.status());
		response.setHeader("Retry-After", answer.retryAfter());
		answer.headers().forEach(response::setHeader);
		response.setContentType(answer.body().contentType());
		response.setContentLength(answer.body().content().length);
		response.getOutputStream().write(answer.body().content());
	}

}
