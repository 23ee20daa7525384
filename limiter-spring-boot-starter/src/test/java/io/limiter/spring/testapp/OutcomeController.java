package io.limiter.spring.testapp;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Answers with the status a test asks for, at once or once the {@link Gate} opens, and with answers that fail
 * while they are written.
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

	@GetMapping("/api/late/json/fine")
	public LateBodies.Fine fineJson() {
		return new LateBodies.Fine();
	}

	@GetMapping("/api/late/json/breaking")
	public LateBodies.Breaking breakingJson() {
		return new LateBodies.Breaking();
	}

	@GetMapping("/api/late/json/breaking-late")
	public LateBodies.BreakingLate breakingLateJson() {
		return new LateBodies.BreakingLate();
	}

	@GetMapping("/api/late/endless")
	public StreamingResponseBody endless() {
		return (body) -> {
			body.write(LateBodies.FIRST_CHUNK.getBytes(StandardCharsets.UTF_8));
			while (true) {
				body.write(LateBodies.LAST_CHUNK.getBytes(StandardCharsets.UTF_8));
				body.flush();
				try {
					Thread.sleep(10);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		};
	}

	@GetMapping("/api/late/stream/{outcome}")
	public StreamingResponseBody stream(@PathVariable String outcome) {
		return (body) -> {
			body.write(LateBodies.FIRST_CHUNK.getBytes(StandardCharsets.UTF_8));
			body.flush();
			if (outcome.equals("breaking")) {
				throw new IllegalStateException("a stream that breaks off after its first chunk");
			}
			body.write(LateBodies.LAST_CHUNK.getBytes(StandardCharsets.UTF_8));
		};
	}

}
