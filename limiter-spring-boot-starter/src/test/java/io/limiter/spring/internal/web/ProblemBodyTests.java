package io.limiter.spring.internal.web;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import io.limiter.Decision;
import io.limiter.spring.RateLimitDenialBody;
import io.limiter.spring.internal.http.DenialResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 429 problem of the servlet side: written by the application's converter of {@code application/problem+json}
 * when there is one, by hand when there is none, with the same fields either way.
 */
class ProblemBodyTests {

	private static final Decision DENIED = Decision.denied(10, 0, 2_500, 60_000);

	@Test
	void theApplicationsConverterWritesTheSameProblemAsTheFallback() throws Exception {
		MockHttpServletResponse converted = deny(
				new RateLimitResponses(true, false, () -> HttpMessageConverters.forServer().registerDefaults().build()),
				DenialResponse.DEFAULT);
		MockHttpServletResponse byHand = deny(new RateLimitResponses(true, false, List::of), DenialResponse.DEFAULT);
		for (MockHttpServletResponse response : List.of(converted, byHand)) {
			assertThat(response.getStatus()).isEqualTo(429);
			assertThat(response.getContentType()).startsWith("application/problem+json");
			assertThat(response.getHeader("Retry-After")).isEqualTo("3");
		}
		Map<String, Object> problem = json(converted);
		assertThat(problem).doesNotContainKey("type")
			.containsEntry("title", "Too Many Requests")
			.containsEntry("status", 429)
			.containsEntry("detail", "Rate limit 'api' exceeded; retry after 3 s.")
			.containsEntry("instance", "/api/items")
			.containsEntry("limit", "api")
			.containsEntry("retryAfter", 3);
		assertThat(problem).isEqualTo(json(byHand));
	}

	@Test
	void aRulesOwnBodyWriterIsUsedEvenWithConverters() throws Exception {
		DenialResponse plain = new DenialResponse(503, Map.of(),
				(denial) -> RateLimitDenialBody.Body.of("text/plain;charset=UTF-8", "busy: " + denial.limitName()));
		MockHttpServletResponse response = deny(
				new RateLimitResponses(true, false, () -> HttpMessageConverters.forServer().registerDefaults().build()), plain);
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getContentAsString()).isEqualTo("busy: api");
	}

	private static MockHttpServletResponse deny(RateLimitResponses responses, DenialResponse denial) throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		responses.deny(new MockHttpServletRequest("GET", "/api/items"), response, List.of(), "api", DENIED, denial);
		return response;
	}

	private static Map<String, Object> json(MockHttpServletResponse response) throws Exception {
		return JsonMapper.builder().build().readValue(response.getContentAsByteArray(), new TypeReference<Map<String, Object>>() {
		});
	}

}
