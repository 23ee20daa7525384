package com.example.gateway;

import reactor.core.publisher.Mono;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The handler the route {@code /hello} forwards to, on a path of its own so that the forwarded request does not
 * match the route again.
 */
@RestController
public class HelloController {

	@GetMapping("/internal/hello")
	public Mono<String> hello() {
		return Mono.just("Hello");
	}

}
