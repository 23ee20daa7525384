package io.limiter.spring;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@link RateLimited} through MockMvc: SpEL keys over arguments, fallbacks, class-level and repeated
 * annotations, and the 429 answer to {@link RateLimitExceededException}.
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureMockMvc
@ActiveProfiles("web")
class RateLimitedAspectTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RateLimiterRegistry registry;

	@Test
	void keyExpressionLimitsPerPathVariableAndExceptionBecomesProblem() throws Exception {
		for (int i = 0; i < 2; i++) {
			this.mvc.perform(get("/api/users/1/quote")).andExpect(content().string("quote for 1"));
		}
		this.mvc.perform(get("/api/users/1/quote"))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "1800"))
			.andExpect(header().string("RateLimit-Policy", "\"quote\";q=2;w=3600"))
			.andExpect(header().string("RateLimit", "\"quote\";r=0;t=3600"))
			.andExpect(content().contentType("application/problem+json"))
			.andExpect(jsonPath("$.status").value(429))
			.andExpect(jsonPath("$.limit").value("quote"))
			.andExpect(jsonPath("$.instance").value("/api/users/1/quote"));
		this.mvc.perform(get("/api/users/2/quote")).andExpect(content().string("quote for 2"));
	}

	@Test
	void exceptionOfALimitOutsideTheRegistryIsAnsweredWithoutRateLimitFields() throws Exception {
		this.mvc.perform(get("/api/external"))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "3"))
			.andExpect(header().doesNotExist("RateLimit"))
			.andExpect(jsonPath("$.limit").value("partner-api"))
			.andExpect(jsonPath("$.retryAfter").value(3));
	}

	@Test
	void fallbackMethodAnswersInsteadOfTheDeniedOne() throws Exception {
		for (int i = 0; i < 2; i++) {
			this.mvc.perform(get("/api/users/7/quote-or-cached")).andExpect(content().string("fresh quote for 7"));
		}
		this.mvc.perform(get("/api/users/7/quote-or-cached"))
			.andExpect(status().isOk())
			.andExpect(content().string(startsWith("cached quote for 7 (limit quote, retry after ")));
	}

	@Test
	void positionalParameterNamesTheKey() throws Exception {
		for (int i = 0; i < 2; i++) {
			this.mvc.perform(get("/api/positional/9")).andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/positional/9")).andExpect(status().isTooManyRequests());
		assertThat(this.registry.limiter("quote").tryAcquire("p0-9", 0).remaining()).isZero();
		assertThat(this.registry.limiter("quote").tryAcquire("9", 0).remaining()).isEqualTo(2);
	}

	@Test
	void classLevelAnnotationLimitsEveryPublicMethod() throws Exception {
		this.mvc.perform(get("/api/report")).andExpect(status().isOk());
		this.mvc.perform(get("/api/report"))
			.andExpect(status().isTooManyRequests())
			.andExpect(jsonPath("$.limit").value("reports"));
	}

	@Test
	void repeatedAnnotationsApplyEveryLimitInOrder() throws Exception {
		this.mvc.perform(get("/api/both")).andExpect(status().isOk());
		this.mvc.perform(get("/api/both"))
			.andExpect(status().isTooManyRequests())
			.andExpect(jsonPath("$.limit").value("b"));
		String methodKey = "io.limiter.spring.testapp.TestController.both";
		assertThat(this.registry.limiter("a").tryAcquire(methodKey, 0).remaining()).isEqualTo(3);
	}

}
