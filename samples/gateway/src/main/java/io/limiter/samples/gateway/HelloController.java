package io.limiter.samples.gateway;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;

/**
 * The handler behind the gateway's route {@code /hello}, which forwards to {@value #PATH}: a path of its own, so that
 * the forwarded request does not match the route again. It answers only requests that a route forwarded, which carry
 * the route in the exchange attribute {@link ServerWebExchangeUtils#GATEWAY_ROUTE_ATTR}; a request for {@value #PATH}
 * itself gets 404, so that nobody goes around the route's limit.
 */
@RestController
class HelloController {

	/** The path the route forwards to. */
	static final String PATH = "/internal/hello";

	@GetMapping(PATH)
	Mono<ResponseEntity<String>> hello(ServerWebExchange exchange) {
		if (exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR) == null) {
			return Mono.just(ResponseEntity.notFound().build());
		}
		return Mono.just(ResponseEntity.ok("Hello from the gateway!"));
	}

}
