package com.example.outside;

import org.springframework.stereotype.Service;

import io.limiter.spring.RateLimited;

/**
 * Quotes, two per user every ten seconds.
 */
@Service
public class QuoteService {

	@RateLimited(limit = "quote", key = "#user")
	public String quote(String user) {
		return "A quote for " + user;
	}

}
