package io.limiter.spring.internal.reactive;

import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.spring.internal.Verdict;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.http.RateLimitProblem;

/**
 * Writes the rate-limit fields ({@link RateLimitHeaders}) on every limited reactive response, and answers a
 * denied request with 429, {@code Retry-After} and an RFC 9457 problem ({@link RateLimitProblem}), as the
 * servlet side does.
 */
public final class ReactiveRateLimitResponses {

	private static final MediaType PROBLEM_JSON = MediaType.parseMediaType(RateLimitProblem.MEDIA_TYPE);

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
	 * Answers a denied request: headers, 429, {@code Retry-After} and a problem body.
	 * @param exchange the exchange, whose response is not yet committed
	 * @param verdicts the verdicts of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param retryAfterMillis when the request could be granted
	 * @return completes when the body is written
	 */
	public Mono<Void> deny(ServerWebExchange exchange, List<Verdict> verdicts, String limitName,
			long retryAfterMillis) {
		ServerHttpResponse response = exchange.getResponse();
		writeHeaders(response, verdicts);
		RateLimitProblem problem = new RateLimitProblem(exchange.getRequest().getPath().value(), limitName,
				retryAfterMillis);
		response.setStatusCode(HttpStatusCode.valueOf(RateLimitProblem.STATUS));
		HttpHeaders headers = response.getHeaders();
		headers.set("Retry-After", problem.retryAfter());
		headers.setContentType(PROBLEM_JSON);
		headers.setContentLength(problem.body().length);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(problem.body())));
	}

}
