package io.limiter.samples.gateway;

import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The handler behind the gateway's route {@code /hello}, which forwards to {@value #PATH}: a path of its own, so that
 * the forwarded request does not match the route again.
 */
@RestController
class HelloController {

	/** The path the route forwards to. */
	static final String PATH = "/internal/hello";

	@GetMapping(PATH)
	Mono<String> hello() {
		return Mono.just("Hello from the gateway!");
	}

}
