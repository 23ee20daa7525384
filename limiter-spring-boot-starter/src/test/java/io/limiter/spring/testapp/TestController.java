package io.limiter.spring.testapp;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.limiter.Decision;
import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;

@RestController
public class TestController {

	private final QuoteService quotes;

	private final ReportService reports;

	public TestController(QuoteService quotes, ReportService reports) {
		this.quotes = quotes;
		this.reports = reports;
	}

	@GetMapping("/api/hello")
	public String hello() {
		return "hello";
	}

	@PostMapping("/api/hello")
	public String postHello() {
		return "posted";
	}

	@GetMapping("/api/other")
	public String other() {
		return "other";
	}

	@GetMapping("/api/keys/{kind}")
	public String keys(@PathVariable String kind) {
		return kind;
	}

	@GetMapping("/api/users/{id}/quote")
	public String quote(@PathVariable String id) {
		return this.quotes.quote(id);
	}

	@GetMapping("/api/users/{id}/quote-or-cached")
	public String quoteOrCached(@PathVariable String id) {
		return this.quotes.quoteOrCached(id);
	}

	@GetMapping("/api/positional/{id}")
	public String positional(@PathVariable String id) {
		return this.quotes.positional(id, "ignored");
	}

	@GetMapping("/api/report")
	public String report() {
		return this.reports.report();
	}

	@GetMapping("/api/external")
	public String external() {
		throw new RateLimitExceededException("partner-api", Decision.denied(5, 0, 2500, 5000));
	}

	@GetMapping("/api/both")
	@RateLimited(limit = "a")
	@RateLimited(limit = "b", key = "'constant'")
	public String both() {
		return "both";
	}

}
