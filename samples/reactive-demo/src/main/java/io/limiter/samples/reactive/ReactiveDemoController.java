package io.limiter.samples.reactive;

import java.time.Duration;

import reactor.core.publisher.Mono;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The demo's endpoints. Which of them are limited, and how, is in {@code application.yml} and on
 * {@link QuoteService}.
 */
@RestController
class ReactiveDemoController {

	/** The longest export the demo performs. */
	static final long MAX_EXPORT_MILLIS = 60_000;

	private final QuoteService quotes;

	ReactiveDemoController(QuoteService quotes) {
		this.quotes = quotes;
	}

	@GetMapping("/api/hello")
	Mono<String> hello() {
		return Mono.just("Hello from Limiter!\n");
	}

	/**
	 * A slow export that blocks no thread: it answers after {@code ms} milliseconds (0 to
	 * {@value #MAX_EXPORT_MILLIS}). At most two are in flight per client (the concurrency limit {@code export} in
	 * {@code application.yml}); a third gets 429, and a client that leaves gives its permit back at once.
	 */
	@GetMapping("/api/export")
	Mono<ResponseEntity<String>> export(@RequestParam(defaultValue = "0") long ms) {
		if (ms < 0 || ms > MAX_EXPORT_MILLIS) {
			return Mono.just(ResponseEntity.badRequest()
				.body("ms must be from 0 to " + MAX_EXPORT_MILLIS + " but was " + ms + ".\n"));
		}
		return Mono.delay(Duration.ofMillis(ms)).thenReturn(ResponseEntity.ok("Exported in " + ms + " ms.\n"));
	}

	@GetMapping("/api/users/{id}/quote")
	Mono<String> quote(@PathVariable String id) {
		return this.quotes.quote(id);
	}

}
