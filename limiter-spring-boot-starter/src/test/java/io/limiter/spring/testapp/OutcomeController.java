package io.limiter.spring.testapp;

import java.util.concurrent.TimeUnit;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Answers with the status a test asks for, at once or once the {@link Gate} opens.
 */
@RestController
public class OutcomeController {

	private final Gate gate;

	public OutcomeController(Gate gate) {
		this.gate = gate;
	}

	@GetMapping("/api/outcome/{status}")
	public ResponseEntity<String> outcome(@PathVariable int status) {
		return ResponseEntity.status(status).body("status " + status);
	}

	@GetMapping("/api/gated/{status}")
	public ResponseEntity<String> gated(@PathVariable int status) throws Exception {
		this.gate.enter().get(30, TimeUnit.SECONDS);
		return ResponseEntity.status(status).body("status " + status);
	}

	@GetMapping("/api/failing")
	public String failing() {
		throw new IllegalStateException("boom");
	}

	@GetMapping("/api/forbidden")
	public String forbidden() {
		throw new ResponseStatusException(HttpStatus.FORBIDDEN);
	}

}
