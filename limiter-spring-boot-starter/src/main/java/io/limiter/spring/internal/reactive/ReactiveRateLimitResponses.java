package io.limiter.spring.internal.reactive;

import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.Decision;
import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Writes the rate-limit fields ({@link RateLimitHeaders}) on every limited reactive response, and answers a
 * denied request as its rule says ({@link DenialResponse}: by default 429, {@code Retry-After} and an RFC 9457
 * problem), as the servlet side does.
 */
public final class ReactiveRateLimitResponses {

	private final RateLimitHeaders headers;

	/**
	 * Creates a writer.
	 * @param headers whether to write the {@code RateLimit-Policy} and {@code RateLimit} fields
	 * @param legacyHeaders whether to write {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
	 */
	public ReactiveRateLimitResponses(boolean headers, boolean legacyHeaders) {
		this.headers = new RateLimitHeaders(headers, legacyHeaders);
	}

	/**
	 * Writes the headers of the reportable verdicts.
	 * @param response the response, not yet committed
	 * @param verdicts the verdicts of the limits applied to the request
	 */
	public void writeHeaders(ServerHttpResponse response, List<Verdict> verdicts) {
		this.headers.write(verdicts, response.getHeaders()::set);
	}

	/**
	 * Answers a denied request: headers, the rule's status (429 by default), {@code Retry-After}, the rule's extra
	 * headers and its body (a problem by default).
	 * @param exchange the exchange, whose response is not yet committed
	 * @param verdicts the verdicts of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param decision that limit's decision
	 * @param denial how the rule answers
	 * @return completes when the body is written
	 */
	public Mono<Void> deny(ServerWebExchange exchange, List<Verdict> verdicts, String limitName, Decision decision,
			DenialResponse denial) {
		ServerHttpResponse response = exchange.getResponse();
		writeHeaders(response, verdicts);
		DenialResponse.Answer answer = denial.answer(exchange.getRequest().getPath().value(), limitName, decision);
		response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
		HttpHeaders headers = response.getHeaders();
		headers.set("Retry-After", answer.retryAfter());
		answer.headers().forEach(headers::set);
		headers.setContentType(MediaType.parseMediaType(answer.body().contentType()));
		headers.setContentLength(answer.body().content().length);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(answer.body().content())));
	}

}
