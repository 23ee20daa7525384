package io.limiter.samples.demo;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code GET /api/plan}: keys that start with {@code gold-} get 5 per 10 s, all others 2 per 10 s, and requests
 * without a key are refused: they never share one budget.
 */
@SpringBootTest
@AutoConfigureMockMvc
class PlanEndpointTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RateLimiterRegistry registry;

	@Test
	void goldKeysGetFivePerTenSeconds() throws Exception {
		for (int i = 0; i < 5; i++) {
			withKey("gold-acme").andExpect(status().isOk())
				.andExpect(content().string("Hello, API client!\n"))
				.andExpect(header().string("RateLimit-Policy", "\"plan\";q=5;w=10"))
				.andExpect(header().string("RateLimit", startsWith("\"plan\";r=" + (4 - i) + ";")));
		}
		withKey("gold-acme").andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "2"))
			.andExpect(jsonPath("$.limit").value("plan"));
		withKey("gold-other").andExpect(status().isOk());
	}

	@Test
	void otherKeysGetTwoPerTenSeconds() throws Exception {
		for (int i = 0; i < 2; i++) {
			withKey("acme").andExpect(status().isOk())
				.andExpect(header().string("RateLimit-Policy", "\"plan\";q=2;w=10"));
		}
		withKey("acme").andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "5"));
		withKey("other").andExpect(status().isOk());
	}

	@Test
	void requestsWithoutAKeyAreRefusedAndShareNoBudget() throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/plan").with(from("192.0.2." + (10 + i))))
				.andExpect(status().isBadRequest())
				.andExpect(header().doesNotExist("RateLimit"));
		}
		this.mvc.perform(get("/api/plan").header("X-Api-Key", " ")).andExpect(status().isBadRequest());
		assertThat(this.registry.limiter("plan").peek("").remaining()).isEqualTo(2);
	}

	private ResultActions withKey(String key) throws Exception {
		return this.mvc.perform(get("/api/plan").header("X-Api-Key", key));
	}

	private static RequestPostProcessor from(String address) {
		return (request) -> {
			request.setRemoteAddr(address);
			return request;
		};
	}

}
