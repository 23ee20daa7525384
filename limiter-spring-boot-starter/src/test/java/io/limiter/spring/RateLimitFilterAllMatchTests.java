package io.limiter.spring;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import io.limiter.spring.testapp.TestApplication;

import static io.limiter.spring.RateLimitFilterTests.from;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code limiter.filter.match=all}: a per-client limit and a global one on the same paths, with the legacy
 * headers.
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureMockMvc
@ActiveProfiles("all-match")
class RateLimitFilterAllMatchTests {

	@Autowired
	private MockMvc mvc;

	@Test
	void everyMatchingRuleAppliesUntilOneDenies() throws Exception {
		this.mvc.perform(get("/api/hello").with(from("192.0.2.1")))
			.andExpect(status().isOk())
			.andExpect(header().string("RateLimit-Policy", "\"per-ip\";q=3;w=3600, \"global\";q=4;w=3600"))
			.andExpect(header().string("RateLimit", "\"per-ip\";r=2;t=1200, \"global\";r=3;t=900"))
			.andExpect(header().string("X-RateLimit-Limit", "3"))
			.andExpect(header().string("X-RateLimit-Remaining", "2"))
			.andExpect(header().string("X-RateLimit-Reset", "1200"));
		this.mvc.perform(get("/api/other").with(from("192.0.2.1"))).andExpect(status().isOk());
		this.mvc.perform(get("/api/other").with(from("192.0.2.1")))
			.andExpect(status().isOk())
			.andExpect(header().string("X-RateLimit-Limit", "3"))
			.andExpect(header().string("X-RateLimit-Remaining", "0"));
		this.mvc.perform(get("/api/other").with(from("192.0.2.1")))
			.andExpect(status().isTooManyRequests())
			.andExpect(jsonPath("$.limit").value("per-ip"));
		this.mvc.perform(get("/api/other").with(from("192.0.2.2")))
			.andExpect(status().isOk())
			.andExpect(header().string("X-RateLimit-Limit", "4"))
			.andExpect(header().string("X-RateLimit-Remaining", "0"));
		this.mvc.perform(get("/api/other").with(from("192.0.2.2")))
			.andExpect(status().isTooManyRequests())
			.andExpect(jsonPath("$.limit").value("global"));
	}

}
