package io.limiter.spring.internal.reactive;

import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Answers a {@link RateLimitExceededException} in a WebFlux application as the filter answers a denied request:
 * 429, {@code Retry-After}, RateLimit headers (when the limit is one of the registry's) and a problem body. As
 * controller advice it is ordered before the application's, so that a catch-all handler of its own does not
 * turn a rate limit into a 500; as a {@link WebExceptionHandler} it also answers the exception from functional
 * endpoints and web filters, before Spring Boot's error handler.
 */
@ControllerAdvice
public final class ReactiveRateLimitExceededHandler implements WebExceptionHandler, Ordered {

	private final RateLimiterRegistry registry;

	private final ReactiveRateLimitResponses responses;

	/**
	 * Creates a handler.
	 * @param registry the limits, for the policy of the limit that denied
	 * @param responses writes the answer
	 */
	public ReactiveRateLimitExceededHandler(RateLimiterRegistry registry, ReactiveRateLimitResponses responses) {
		this.registry = registry;
		this.responses = responses;
	}

	/**
	 * Answers the exception thrown by a controller.
	 * @param exception the exception
	 * @param exchange the exchange
	 * @return completes when the answer is written
	 */
	@ExceptionHandler(RateLimitExceededException.class)
	public Mono<Void> answer(RateLimitExceededException exception, ServerWebExchange exchange) {
		return this.responses.deny(exchange, Enforcement.of(this.registry, exception), exception.limitName(),
				exception.decision(), DenialResponse.DEFAULT);
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
		if (failure instanceof RateLimitExceededException exception && !exchange.getResponse().isCommitted()) {
			return answer(exception, exchange);
		}
		return Mono.error(failure);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE + 100;
	}

}
