package io.limiter.samples.demo;

import java.util.List;

import org.springframework.stereotype.Service;

import io.limiter.spring.RateLimited;

/**
 * Quotes of the day, limited per user by {@code @RateLimited}: three per ten seconds for each user id.
 */
@Service
class QuoteService {

	private static final List<String> QUOTES = List.of("Slow is smooth, and smooth is fast.",
			"Measure twice, cut once.", "Make it work, make it right, make it fast.");

	@RateLimited(limit = "quote", key = "#id")
	public String quote(String id) {
		return "Quote for user " + id + ": " + QUOTES.get(Math.floorMod(id.hashCode(), QUOTES.size())) + "\n";
	}

}
