package io.limiter.samples.reactive;

import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The demo's endpoints. Which of them are limited, and how, is in {@code application.yml} and on
 * {@link QuoteService}.
 */
@RestController
class ReactiveDemoController {

	private final QuoteService quotes;

	ReactiveDemoController(QuoteService quotes) {
		this.quotes = quotes;
	}

	@GetMapping("/api/hello")
	Mono<String> hello() {
		return Mono.just("Hello from Limiter!\n");
	}

	@GetMapping("/api/users/{id}/quote")
	Mono<String> quote(@PathVariable String id) {
		return this.quotes.quote(id);
	}

}
