package io.limiter.spring.client;

import java.time.Duration;

import org.springframework.http.HttpRequest;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;

/**
 * The checked settings of one limited HTTP client: which limit and plan, the key of a call, its cost and the longest
 * wait. The limiter is looked up in the registry on every call, so that a changed limit applies to the next call.
 */
final class OutboundLimit {

	private final RateLimiterRegistry registry;

	private final String name;

	private final String plan;

	private final OutboundKeyResolver keyResolver;

	private final long cost;

	private final Duration maxWait;

	OutboundLimit(RateLimiterRegistry registry, String name, String plan, OutboundKeyResolver keyResolver, long cost,
			Duration maxWait) {
		this.registry = registry;
		this.name = name;
		this.plan = plan;
		this.keyResolver = keyResolver;
		this.cost = cost;
		this.maxWait = maxWait;
	}

	RateLimiter limiter() {
		return this.registry.limiter(this.name, this.plan);
	}

	long cost() {
		return this.cost;
	}

	Duration maxWait() {
		return this.maxWait;
	}

	String keyOf(HttpRequest request) {
		String key = this.keyResolver.key(request);
		if (key == null || key.isBlank()) {
			throw new IllegalStateException("the key resolver of limit '" + this.name + "' gave no key ('" + key
					+ "') for " + request.getMethod() + " " + request.getURI() + "; the call was not sent");
		}
		return key;
	}

	OutboundRateLimitExceededException denied(HttpRequest request, String key, Decision decision) {
		return new OutboundRateLimitExceededException(this.name, this.plan, key, request.getMethod(), request.getURI(),
				this.maxWait, decision);
	}

	@Override
	public String toString() {
		return "limit '" + this.name + "' (plan '" + this.plan + "', " + this.cost + " permits per call, maxWait "
				+ this.maxWait + ")";
	}

}
