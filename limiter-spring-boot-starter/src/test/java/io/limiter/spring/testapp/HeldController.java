package io.limiter.spring.testapp;

import java.util.concurrent.CompletableFuture;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Endpoints under concurrency limits: held until its {@link Gate} opens (synchronously or asynchronously), or
 * failing at once.
 */
@RestController
public class HeldController {

	private final Gate gate = new Gate();

	public Gate gate() {
		return this.gate;
	}

	@GetMapping({ "/api/held/gated", "/api/held-one/gated" })
	String gated() {
		this.gate.enter().join();
		return "done";
	}

	@GetMapping("/api/held-one/async")
	CompletableFuture<String> async() {
		return this.gate.enter().thenApply((opened) -> "done");
	}

	@GetMapping("/api/held-one/failing")
	String failing() {
		throw new IllegalStateException("failing on purpose");
	}

}
