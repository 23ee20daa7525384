package com.example.outside;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The two endpoints: one limited by the filter, one by the method it calls.
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

	@GetMapping("/quotes/{user}")
	public String quote(@PathVariable String user) {
		return this.quotes.quote(user);
	}

}
