package io.limiter.spring;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The servlet filter through MockMvc: rules, keys, trusted proxies, headers, problem bodies, shadow mode and
 * metrics. Every limit refills over an hour, so that nothing refills during a test; each test uses its own
 * client address or key.
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureMockMvc
@ActiveProfiles("web")
class RateLimitFilterTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private MeterRegistry meters;

	@Test
	void allowedRequestCarriesRateLimitFields() throws Exception {
		this.mvc.perform(get("/api/hello").with(from("192.0.2.1")))
			.andExpect(status().isOk())
			.andExpect(content().string("hello"))
			.andExpect(header().string("RateLimit-Policy", "\"hello\";q=3;w=3600"))
			.andExpect(header().string("RateLimit", "\"hello\";r=2;t=1200"))
			.andExpect(header().doesNotExist("X-RateLimit-Limit"));
	}

	@Test
	void aLimitOfSeveralRatesAnnouncesEachAndReportsTheRateClosestToRefusing() throws Exception {
		String policy = "\"multi/3600s\";q=3;w=3600, \"multi/36000s\";q=2;w=36000";
		this.mvc.perform(get("/api/keys/multi").with(from("192.0.2.60")))
			.andExpect(status().isOk())
			.andExpect(header().string("RateLimit-Policy", policy))
			.andExpect(header().string("RateLimit", "\"multi/36000s\";r=1;t=18000"));
		this.mvc.perform(get("/api/keys/multi").with(from("192.0.2.60")))
			.andExpect(status().isOk())
			.andExpect(header().string("RateLimit", "\"multi/36000s\";r=0;t=36000"));
		this.mvc.perform(get("/api/keys/multi").with(from("192.0.2.60")))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "18000"))
			.andExpect(header().string("RateLimit-Policy", policy))
			.andExpect(header().string("RateLimit", "\"multi/36000s\";r=0;t=36000"))
			.andExpect(jsonPath("$.limit").value("multi"));
	}

	@Test
	void requestBeyondTheLimitGets429WithRetryAfterAndProblemBody() throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/hello").with(from("192.0.2.2"))).andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/hello").with(from("192.0.2.2")))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "1200"))
			.andExpect(header().string("RateLimit", "\"hello\";r=0;t=3600"))
			.andExpect(content().contentType("application/problem+json"))
			.andExpect(jsonPath("$.type").doesNotExist())
			.andExpect(jsonPath("$.title").value("Too Many Requests"))
			.andExpect(jsonPath("$.status").value(429))
			.andExpect(jsonPath("$.detail").value("Rate limit 'hello' exceeded; retry after 1200 s."))
			.andExpect(jsonPath("$.instance").value("/api/hello"))
			.andExpect(jsonPath("$.limit").value("hello"))
			.andExpect(jsonPath("$.retryAfter").value(1200));
		this.mvc.perform(get("/api/hello").with(from("192.0.2.3"))).andExpect(status().isOk());
	}

	@Test
	void methodsSelectTheRuleAndCostTakesSeveralPermits() throws Exception {
		this.mvc.perform(post("/api/hello").with(from("192.0.2.4")))
			.andExpect(status().isOk())
			.andExpect(header().string("RateLimit", "\"posts\";r=0;t=3600"));
		this.mvc.perform(post("/api/hello").with(from("192.0.2.4"))).andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/api/hello").with(from("192.0.2.4")))
			.andExpect(status().isOk())
			.andExpect(header().string("RateLimit", "\"hello\";r=2;t=1200"));
	}

	@Test
	void pathsWithoutRuleAreNotLimited() throws Exception {
		for (int i = 0; i < 5; i++) {
			this.mvc.perform(get("/api/other").with(from("192.0.2.5")))
				.andExpect(status().isOk())
				.andExpect(header().doesNotExist("RateLimit"));
		}
	}

	@Test
	void headerKeyLimitsPerHeaderValue() throws Exception {
		exhaust(get("/api/keys/header").header("X-User", "alice"), 2);
		this.mvc.perform(get("/api/keys/header").header("X-User", "alice").with(from("192.0.2.6")))
			.andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/api/keys/header").header("X-User", "bob")).andExpect(status().isOk());
	}

	@Test
	void principalKeyLimitsPerAuthenticatedUser() throws Exception {
		exhaust(get("/api/keys/principal").principal(() -> "carol"), 2);
		this.mvc.perform(get("/api/keys/principal").principal(() -> "carol").with(from("192.0.2.7")))
			.andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/api/keys/principal").principal(() -> "dave")).andExpect(status().isOk());
	}

	@Test
	void spelKeyIsEvaluatedOverTheRequest() throws Exception {
		exhaust(get("/api/keys/spel").param("tenant", "acme"), 2);
		this.mvc.perform(get("/api/keys/spel").param("tenant", "acme")).andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/api/keys/spel").param("tenant", "globex")).andExpect(status().isOk());
	}

	@Test
	void forwardedForIsBelievedFromATrustedProxy() throws Exception {
		exhaust(get("/api/hello").with(from("10.1.2.3")).header("X-Forwarded-For", "203.0.113.7"), 3);
		this.mvc.perform(get("/api/hello").with(from("203.0.113.7"))).andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/api/hello").with(from("10.1.2.3"))).andExpect(status().isOk());
	}

	@Test
	void forgedForwardedForFromAnUntrustedClientIsIgnored() throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/hello").with(from("198.51.100.9")).header("X-Forwarded-For", "203.0.113." + i))
				.andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/hello").with(from("198.51.100.9")).header("X-Forwarded-For", "203.0.113.99"))
			.andExpect(status().isTooManyRequests());
	}

	@Test
	void forwardedChainIsWalkedFromTheRightSkippingTrustedHops() throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc
				.perform(get("/api/hello").with(from("10.0.0.1"))
					.header("X-Forwarded-For", "192.0.2." + (100 + i) + ", 203.0.113.50, 10.0.0.5"))
				.andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/hello").with(from("10.0.0.1")).header("X-Forwarded-For", "203.0.113.50:4711"))
			.andExpect(status().isTooManyRequests());
	}

	@Test
	void aForwardedHeaderSentByTheClientGetsItNoFreshBucket() throws Exception {
		for (int i = 0; i < 4; i++) {
			this.mvc
				.perform(get("/api/hello").with(from("10.0.0.7"))
					.header("Forwarded", "for=198.51.100." + (200 + i))
					.header("X-Forwarded-For", "203.0.113.60"))
				.andExpect((i < 3) ? status().isOk() : status().isTooManyRequests());
		}
	}

	@Test
	void ipv6ClientsOfOneSlash64ShareABucket() throws Exception {
		exhaust(get("/api/hello").with(from("2001:db8:aa:bb::1")), 3);
		this.mvc.perform(get("/api/hello").with(from("2001:db8:aa:bb:1234:5678:9abc:def0")))
			.andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/api/hello").with(from("2001:db8:aa:bc::1"))).andExpect(status().isOk());
	}

	@Test
	void shadowLimitCountsDenialsButNeverDenies() throws Exception {
		double before = DecisionMeters.count(this.meters, "shadowed", "shadow_denied");
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/keys/shadow").with(from("192.0.2.8")))
				.andExpect(status().isOk())
				.andExpect(header().doesNotExist("RateLimit"));
		}
		assertThat(DecisionMeters.count(this.meters, "shadowed", "shadow_denied") - before).isEqualTo(2);
	}

	@Test
	void decisionsAreCountedByLimitAndOutcomeAndNotTimedInMemory() throws Exception {
		double allowed = DecisionMeters.count(this.meters, "hello", "allowed");
		double denied = DecisionMeters.count(this.meters, "hello", "denied");
		exhaust(get("/api/hello").with(from("192.0.2.9")), 3);
		this.mvc.perform(get("/api/hello").with(from("192.0.2.9"))).andExpect(status().isTooManyRequests());
		assertThat(DecisionMeters.count(this.meters, "hello", "allowed") - allowed).isEqualTo(3);
		assertThat(DecisionMeters.count(this.meters, "hello", "denied") - denied).isEqualTo(1);
		assertThat(DecisionMeters.latencyCount(this.meters, "hello")).as("decided in process").isZero();
		assertThat(DecisionMeters.count(this.meters, "hello", "error")).isZero();
	}

	private void exhaust(MockHttpServletRequestBuilder request, int times) throws Exception {
		for (int i = 0; i < times; i++) {
			this.mvc.perform(request).andExpect(status().isOk());
		}
	}

	static RequestPostProcessor from(String address) {
		return (request) -> {
			request.setRemoteAddr(address);
			return request;
		};
	}

	@Nested
	@TestPropertySource(properties = "limiter.filter.headers.enabled=false")
	class HeadersSwitchedOff {

		@Autowired
		private MockMvc mvc;

		@Test
		void allowedRequestCarriesNoRateLimitFieldsButDeniedOneKeepsRetryAfter() throws Exception {
			for (int i = 0; i < 3; i++) {
				this.mvc.perform(get("/api/hello").with(from("192.0.2.10")))
					.andExpect(status().isOk())
					.andExpect(header().doesNotExist("RateLimit"))
					.andExpect(header().doesNotExist("RateLimit-Policy"));
			}
			this.mvc.perform(get("/api/hello").with(from("192.0.2.10")))
				.andExpect(status().isTooManyRequests())
				.andExpect(header().string("Retry-After", "1200"))
				.andExpect(header().doesNotExist("RateLimit"));
		}

	}

}
