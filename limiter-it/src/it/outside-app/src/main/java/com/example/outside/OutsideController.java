package com.example.outside;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The endpoints: two limited by filter rules, one by the method it calls, and one that stands for a partner's API,
 * which the service calls through a limited client.
 */
@RestController
public class OutsideController {

	private final QuoteService quotes;

	public OutsideController(QuoteService quotes) {
		this.quotes = quotes;
	}

	@GetMapping("/greeting")
	public String greeting() {
		return "Hello";
	}

	@GetMapping("/news")
	public String news() {
		return "News";
	}

	@GetMapping("/quotes/{user}")
	public String quote(@PathVariable String user) {
		return this.quotes.quote(user);
	}

	@GetMapping("/partner/ping")
	public String partnerPing() {
		return "pong";
	}

}
