package io.limiter.spring.testapp.reactive;

import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.limiter.spring.testapp.Gate;

/**
 * The reactive twin of {@code HeldController}: endpoints under concurrency limits, held until the {@link Gate}
 * opens, or failing at once.
 */
@RestController
public class ReactiveHeldController {

	private final Gate gate = new Gate();

	public Gate gate() {
		return this.gate;
	}

	@GetMapping({ "/api/held/gated", "/api/held-one/gated", "/api/held-one/async" })
	Mono<String> gated() {
		return Mono.fromFuture(this.gate::enter).thenReturn("done");
	}

	@GetMapping("/api/held-one/failing")
	Mono<String> failing() {
		return Mono.error(new IllegalStateException("failing on purpose"));
	}

}
