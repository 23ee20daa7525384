package io.limiter.spring.testapp.reactive;

import java.time.Duration;

import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import io.limiter.spring.testapp.Gate;
import io.limiter.spring.testapp.LateBodies;

/**
 * Answers with the status a test asks for, at once or once the {@link Gate} opens, without blocking, and with
 * answers that fail while they are written.
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

	@GetMapping(path = "/api/late/json/fine", produces = MediaType.APPLICATION_JSON_VALUE)
	public Flux<LateBodies.Fine> fineJson() {
		return Flux.just(new LateBodies.Fine(), new LateBodies.Fine());
	}

	@GetMapping(path = "/api/late/json/breaking", produces = MediaType.APPLICATION_JSON_VALUE)
	public Mono<LateBodies.Breaking> breakingJson() {
		return Mono.just(new LateBodies.Breaking());
	}

	@GetMapping(path = "/api/late/json/breaking-late", produces = MediaType.APPLICATION_JSON_VALUE)
	public Flux<Object> breakingLateJson() {
		return Flux.just(new LateBodies.Fine(), new LateBodies.Breaking());
	}

	@GetMapping(path = "/api/late/endless", produces = MediaType.TEXT_PLAIN_VALUE)
	public Flux<String> endless() {
		// ticks that the connection has no demand for are dropped, not failed: only the client's leaving ends it
		return Flux.just(LateBodies.FIRST_CHUNK)
			.concatWith(Flux.interval(Duration.ofMillis(10)).onBackpressureDrop().map((tick) -> LateBodies.LAST_CHUNK));
	}

	@GetMapping(path = "/api/late/stream/{outcome}", produces = MediaType.TEXT_PLAIN_VALUE)
	public Flux<String> stream(@PathVariable String outcome) {
		Flux<String> last = outcome.equals("breaking")
				? Flux.error(new IllegalStateException("a stream that breaks off after its first chunk"))
				: Flux.just(LateBodies.LAST_CHUNK);
		return Flux.just(LateBodies.FIRST_CHUNK).concatWith(last);
	}

}
