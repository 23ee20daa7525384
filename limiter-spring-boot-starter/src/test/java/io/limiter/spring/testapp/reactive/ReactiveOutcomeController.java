package io.limiter.spring.testapp.reactive;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import io.limiter.spring.testapp.Gate;

/**
 * Answers with the status a test asks for, at once or once the {@link Gate} opens, without blocking.
 */
@RestController
public class ReactiveOutcomeController {

	private final Gate gate;

	public ReactiveOutcomeController(Gate gate) {
		this.gate = gate;
	}

	@GetMapping("/api/outcome/{status}")
	public Mono<ResponseEntity<String>> outcome(@PathVariable int status) {
		return Mono.just(ResponseEntity.status(status).body("status " + status));
	}

	@GetMapping("/api/gated/{status}")
	public Mono<ResponseEntity<String>> gated(@PathVariable int status) {
		return Mono.fromFuture(this.gate::enter).thenReturn(ResponseEntity.status(status).body("status " + status));
	}

	@GetMapping("/api/failing")
	public Mono<String> failing() {
		return Mono.error(new IllegalStateException("boom"));
	}

	@GetMapping("/api/forbidden")
	public Mono<String> forbidden() {
		return Mono.error(new ResponseStatusException(HttpStatus.FORBIDDEN));
	}

}
