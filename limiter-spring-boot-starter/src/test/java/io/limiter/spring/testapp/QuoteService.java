package io.limiter.spring.testapp;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;

public class QuoteService {

	@RateLimited(limit = "quote", key = "#id")
	public String quote(String id) {
		return "quote for " + id;
	}

	@RateLimited(limit = "quote", key = "'cached-' + #id", fallbackMethod = "cached")
	public String quoteOrCached(String id) {
		return "fresh quote for " + id;
	}

	String cached(String id, RateLimitExceededException exception) {
		return "cached quote for " + id + " (limit " + exception.limitName() + ", retry after "
				+ exception.decision().retryAfterMillis() + " ms)";
	}

	@RateLimited(limit = "quote", key = "'p0-' + #p0")
	public String positional(String id, String ignored) {
		return "positional " + id;
	}

}
