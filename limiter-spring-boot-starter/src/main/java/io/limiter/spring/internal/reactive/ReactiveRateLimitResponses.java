package io.limiter.spring.internal.reactive;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import reactor.core.publisher.Mono;

import org.springframework.core.ResolvableType;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.function.SingletonSupplier;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.Decision;
import io.limiter.spring.RateLimitDenialBody;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Writes the rate-limit fields ({@link RateLimitHeaders}) on every limited reactive response, and answers a
 * denied request as its rule says ({@link DenialResponse}: by default 429, {@code Retry-After} and an RFC 9457
 * problem, written by the application's own codecs as WebFlux writes its problems, by hand only when they have no
 * writer of {@code application/problem+json}), as the servlet side does.
 */
public final class ReactiveRateLimitResponses {

	private static final ResolvableType PROBLEM = ResolvableType.forClass(ProblemDetail.class);

	private final RateLimitHeaders headers;

	private final SingletonSupplier<Optional<HttpMessageWriter<Object>>> problemWriter;

	/**
	 * Creates a writer.
	 * @param headers whether to write the {@code RateLimit-Policy} and {@code RateLimit} fields
	 * @param legacyHeaders whether to write {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
	 * @param writers the writers of the application's codecs, asked for at the first denial (they are beans that may
	 * not exist yet while the filter is made): the first that writes {@code application/problem+json} writes the
	 * problems
	 */
	public ReactiveRateLimitResponses(boolean headers, boolean legacyHeaders,
			Supplier<List<HttpMessageWriter<?>>> writers) {
		this.headers = new RateLimitHeaders(headers, legacyHeaders);
		this.problemWriter = SingletonSupplier.of(() -> problemWriter(writers.get()));
	}

	@SuppressWarnings("unchecked")
	private static Optional<HttpMessageWriter<Object>> problemWriter(List<HttpMessageWriter<?>> writers) {
		for (HttpMessageWriter<?> writer : writers) {
			if (writer.canWrite(PROBLEM, MediaType.APPLICATION_PROBLEM_JSON)) {
				return Optional.of((HttpMessageWriter<Object>) writer);
			}
		}
		return Optional.empty();
	}

	/**
	 * Writes the headers of the reportable enforcements.
	 * @param response the response, not yet committed
	 * @param enforcements the enforcements of the limits applied to the request
	 */
	public void writeHeaders(ServerHttpResponse response, List<Enforcement> enforcements) {
		this.headers.write(enforcements, response.getHeaders()::set);
	}

	/**
	 * Answers a denied request: headers, the rule's status (429 by default), {@code Retry-After}, the rule's extra
	 * headers and its body (a problem by default).
	 * @param exchange the exchange, whose response is not yet committed
	 * @param enforcements the enforcements of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param decision that limit's decision
	 * @param denial how the rule answers
	 * @return completes when the body is written
	 */
	public Mono<Void> deny(ServerWebExchange exchange, List<Enforcement> enforcements, String limitName,
			Decision decision, DenialResponse denial) {
		ServerHttpResponse response = exchange.getResponse();
		writeHeaders(response, enforcements);
		DenialResponse.Answer answer = denial.answer(exchange.getRequest().getPath().value(), limitName, decision);
		response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
		HttpHeaders headers = response.getHeaders();
		headers.set("Retry-After", answer.retryAfter());
		answer.headers().forEach(headers::set);
		ProblemDetail problem = answer.problem();
		Optional<HttpMessageWriter<Object>> writer = (problem != null) ? this.problemWriter.obtain() : Optional.empty();
		if (writer.isPresent()) {
			return writer.get()
				.write(Mono.just(problem), PROBLEM, MediaType.APPLICATION_PROBLEM_JSON, response, Map.of());
		}
		RateLimitDenialBody.Body body = answer.body();
		headers.setContentType(MediaType.parseMediaType(body.contentType()));
		headers.setContentLength(body.content().length);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(body.content())));
	}

}
