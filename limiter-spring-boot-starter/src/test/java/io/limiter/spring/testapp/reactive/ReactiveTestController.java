package io.limiter.spring.testapp.reactive;

import java.util.concurrent.CompletableFuture;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.limiter.Decision;
import io.limiter.spring.RateLimitExceededException;

@RestController
public class ReactiveTestController {

	private final ReactiveQuoteService quotes;

	public ReactiveTestController(ReactiveQuoteService quotes) {
		this.quotes = quotes;
	}

	@GetMapping("/api/hello")
	public Mono<String> hello() {
		return Mono.just("hello");
	}

	@PostMapping("/api/hello")
	public Mono<String> postHello() {
		return Mono.just("posted");
	}

	@GetMapping("/api/other")
	public Mono<String> other() {
		return Mono.just("other");
	}

	@GetMapping("/api/keys/{kind}")
	public Mono<String> keys(@PathVariable String kind) {
		return Mono.just(kind);
	}

	@GetMapping({ "/api/thread", "/api/thread/unlimited" })
	public Mono<String> thread() {
		return Mono.fromSupplier(() -> Thread.currentThread().getName());
	}

	/**
	 * Returns the name of the thread that a {@link #thread()} path was handled on.
	 * @param client the client of the running application
	 * @param path {@code /api/thread} (limited) or {@code /api/thread/unlimited}
	 * @return the thread's name
	 */
	public static String threadOf(WebTestClient client, String path) {
		return client.get().uri(path).exchange().expectStatus().isOk().expectBody(String.class).returnResult()
			.getResponseBody();
	}

	@GetMapping("/api/users/{id}/quote")
	public Mono<String> quote(@PathVariable String id) {
		return this.quotes.quote(id);
	}

	@GetMapping("/api/users/{id}/quote-or-cached")
	public Mono<String> quoteOrCached(@PathVariable String id) {
		return this.quotes.quoteOrCached(id);
	}

	@GetMapping("/api/users/{id}/quotes")
	public Flux<String> quotes(@PathVariable String id) {
		return this.quotes.quotes(id);
	}

	@GetMapping("/api/users/{id}/quote-later")
	public CompletableFuture<String> quoteLater(@PathVariable String id) {
		return this.quotes.quoteLater(id);
	}

	@GetMapping("/api/external")
	public Mono<String> external() {
		return Mono.error(new RateLimitExceededException("partner-api", Decision.denied(5, 0, 2500, 5000)));
	}

}
