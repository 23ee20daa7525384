package io.limiter.samples.demo;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The demo's endpoints. Which of them are limited, and how, is in {@code application.yml} and on
 * {@link QuoteService}.
 */
@RestController
class DemoController {

	private final QuoteService quotes;

	DemoController(QuoteService quotes) {
		this.quotes = quotes;
	}

	@GetMapping("/api/hello")
	String hello() {
		return "Hello from Limiter!\n";
	}

	@GetMapping("/api/multi")
	String multi() {
		return "Hello from a limit of two rates!\n";
	}

	@GetMapping("/api/users/{id}/quote")
	String quote(@PathVariable String id) {
		return this.quotes.quote(id);
	}

	@GetMapping("/bench/limited")
	String limited() {
		return "ok\n";
	}

	@GetMapping("/bench/unlimited")
	String unlimited() {
		return "ok\n";
	}

}
