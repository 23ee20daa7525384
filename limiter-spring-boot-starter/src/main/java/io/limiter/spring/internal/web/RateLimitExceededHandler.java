package io.limiter.spring.internal.web;

import java.io.IOException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.http.DenialResponse;

/**
 * Answers a {@link RateLimitExceededException} thrown by a handler as the filter answers a denied request:
 * 429, {@code Retry-After}, RateLimit headers (when the limit is one of the registry's) and a problem body.
 * Ordered before the application's advice, so that a catch-all handler of its own does not turn a rate limit
 * into a 500.
 */
@ControllerAdvice
public final class RateLimitExceededHandler implements Ordered {

	private final RateLimiterRegistry registry;

	private final RateLimitResponses responses;

	/**
	 * Creates a handler.
	 * @param registry the limits, for the policy of the limit that denied
	 * @param responses writes the answer
	 */
	public RateLimitExceededHandler(RateLimiterRegistry registry, RateLimitResponses responses) {
		this.registry = registry;
		this.responses = responses;
	}

	/**
	 * Answers the exception.
	 * @param exception the exception
	 * @param request the request
	 * @param response the response
	 * @throws IOException when the body cannot be written
	 */
	@ExceptionHandler(RateLimitExceededException.class)
	public void handle(RateLimitExceededException exception, HttpServletRequest request, HttpServletResponse response)
			throws IOException {
		this.responses.deny(request, response, Enforcement.of(this.registry, exception), exception.limitName(),
				exception.decision(), DenialResponse.DEFAULT);
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE + 100;
	}

}
