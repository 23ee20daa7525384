package io.limiter.spring.internal.reactive;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import io.limiter.Decision;
import io.limiter.spring.internal.http.DenialResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 429 problem of the WebFlux side: written by the application's codecs when they write
 * {@code application/problem+json}, by hand when they do not, with the same fields either way.
 */
class ReactiveProblemBodyTests {

	private static final Decision DENIED = Decision.denied(10, 0, 2_500, 60_000);

	@Test
	void theApplicationsCodecsWriteTheSameProblemAsTheFallback() throws Exception {
		MockServerWebExchange encoded = deny(new ReactiveRateLimitResponses(true, false,
				() -> ServerCodecConfigurer.create().getWriters()));
		MockServerWebExchange byHand = deny(new ReactiveRateLimitResponses(true, false, List::of));
		for (MockServerWebExchange exchange : List.of(encoded, byHand)) {
			assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(429);
			assertThat(exchange.getResponse().getHeaders().getContentType()).hasToString("application/problem+json");
			assertThat(exchange.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("3");
		}
		Map<String, Object> problem = json(encoded);
		assertThat(problem).containsEntry("title", "Too Many Requests")
			.containsEntry("status", 429)
			.containsEntry("instance", "/api/items")
			.containsEntry("limit", "api")
			.containsEntry("retryAfter", 3);
		assertThat(problem).isEqualTo(json(byHand));
	}

	private static MockServerWebExchange deny(ReactiveRateLimitResponses responses) {
		MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/items"));
		responses.deny(exchange, List.of(), "api", DENIED, DenialResponse.DEFAULT).block();
		return exchange;
	}

	private static Map<String, Object> json(MockServerWebExchange exchange) throws Exception {
		String body = exchange.getResponse().getBodyAsString().block();
		return JsonMapper.builder().build().readValue(body, new TypeReference<Map<String, Object>>() {
		});
	}

}
