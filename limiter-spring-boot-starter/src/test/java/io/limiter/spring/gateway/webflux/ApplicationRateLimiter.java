package io.limiter.spring.gateway.webflux;

import java.util.Map;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;

/**
 * An application's own gateway {@code RateLimiter}: it allows every request and says so in a header of the answer.
 */
class ApplicationRateLimiter implements RateLimiter<Object> {

	/** The header of every answer it decides. */
	static final String HEADER = "X-Decided-By";

	@Override
	public Mono<Response> isAllowed(String routeId, String id) {
		return Mono.just(new Response(true, Map.of(HEADER, "application")));
	}

	@Override
	public Map<String, Object> getConfig() {
		return Map.of();
	}

	@Override
	public Class<Object> getConfigClass() {
		return Object.class;
	}

	@Override
	public Object newConfig() {
		return new Object();
	}

}
