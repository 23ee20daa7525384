package io.limiter.samples.reactive;

import java.util.List;

import reactor.core.publisher.Mono;

import org.springframework.stereotype.Service;

import io.limiter.spring.RateLimited;

/**
 * Quotes of the day, limited per user by {@code @RateLimited}: three per ten seconds for each user id, taken when
 * the {@code Mono} is subscribed to.
 */
@Service
class QuoteService {

	private static final List<String> QUOTES = List.of("Slow is smooth, and smooth is fast.",
			"Measure twice, cut once.", "Make it work, make it right, make it fast.");

	@RateLimited(limit = "quote", key = "#id")
	public Mono<String> quote(String id) {
		return Mono.just("Quote for user " + id + ": " + QUOTES.get(Math.floorMod(id.hashCode(), QUOTES.size())) + "\n");
	}

}
