package io.limiter.samples.demo;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The demo's endpoints. Which of them are limited, and how, is in {@code application.yml} and on
 * {@link QuoteService}.
 */
@RestController
class DemoController {

	/** The longest export the demo performs. */
	static final long MAX_EXPORT_MILLIS = 60_000;

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

	/** Limited per {@code X-Api-Key} to 5 per calendar day in UTC by the limit {@code quota}. */
	@GetMapping("/api/quota")
	String quota() {
		return "Hello from a daily quota!\n";
	}

	/**
	 * A slow export: it takes {@code ms} milliseconds (0 to {@value #MAX_EXPORT_MILLIS}). At most two are in flight
	 * per client (the concurrency limit {@code export} in {@code application.yml}); a third gets 429.
	 */
	@GetMapping("/api/export")
	ResponseEntity<String> export(@RequestParam(defaultValue = "0") long ms) throws InterruptedException {
		if (ms < 0 || ms > MAX_EXPORT_MILLIS) {
			return ResponseEntity.badRequest()
				.body("ms must be from 0 to " + MAX_EXPORT_MILLIS + " but was " + ms + ".\n");
		}
		Thread.sleep(ms);
		return ResponseEntity.ok("Exported in " + ms + " ms.\n");
	}

	@GetMapping("/api/users/{id}/quote")
	String quote(@PathVariable String id) {
		return this.quotes.quote(id);
	}

	/**
	 * A login form's target: 200 for the password {@code secret}, 401 otherwise. Only the 401 answers count against
	 * the limit {@code login} (see {@code application.yml}), so a user who logs in is never limited by it.
	 */
	@PostMapping(path = "/api/login", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
	ResponseEntity<String> login(@RequestParam String user, @RequestParam String password) {
		if (!"secret".equals(password)) {
			return ResponseEntity.status(HttpStatus.UNAUTHORIZED).body("Wrong password for " + user + ".\n");
		}
		return ResponseEntity.ok("Welcome, " + user + "!\n");
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
