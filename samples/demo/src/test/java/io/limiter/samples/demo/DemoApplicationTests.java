package io.limiter.samples.demo;

import java.util.concurrent.atomic.AtomicLong;

import io.limiter.LimiterClock;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The demo answers as its README says, on the in-memory backend with its packaged settings. Its limits read a clock
 * the test moves, so that a slow machine cannot refill a bucket between two requests.
 */
@SpringBootTest
@AutoConfigureMockMvc
class DemoApplicationTests {

	private static final AtomicLong now = new AtomicLong(System.currentTimeMillis());

	@Autowired
	private MockMvc mvc;

	@TestConfiguration(proxyBeanMethods = false)
	static class StoppedClock {

		@Bean
		LimiterClock limiterClock() {
			return now::get;
		}

	}

	@Test
	void helloAllowsABurstOfTenPerClientThen429() throws Exception {
		for (int i = 0; i < 10; i++) {
			this.mvc.perform(get("/api/hello").with(from("192.0.2.1")))
				.andExpect(status().isOk())
				.andExpect(header().string("RateLimit-Policy", "\"hello\";q=10;w=1"))
				.andExpect(header().string("RateLimit", "\"hello\";r=" + (9 - i) + ";t=1"));
		}
		this.mvc.perform(get("/api/hello").with(from("192.0.2.1")))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "1"))
			.andExpect(jsonPath("$.limit").value("hello"));
		this.mvc.perform(get("/api/hello").with(from("192.0.2.2"))).andExpect(status().isOk());
	}

	@Test
	void multiAllowsThreePerSecondAndFivePerTenSecondsPerClient() throws Exception {
		String policy = "\"multi/1s\";q=3;w=1, \"multi/10s\";q=5;w=10";
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/multi").with(from("192.0.2.10")))
				.andExpect(status().isOk())
				.andExpect(header().string("RateLimit-Policy", policy));
		}
		this.mvc.perform(get("/api/multi").with(from("192.0.2.10")))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("RateLimit", "\"multi/1s\";r=0;t=1"))
			.andExpect(jsonPath("$.limit").value("multi"));
		this.mvc.perform(get("/api/multi").with(from("192.0.2.11"))).andExpect(status().isOk());
		now.addAndGet(1100);
		for (int i = 0; i < 2; i++) {
			this.mvc.perform(get("/api/multi").with(from("192.0.2.10"))).andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/multi").with(from("192.0.2.10")))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("RateLimit", startsWith("\"multi/10s\";r=0;")));
	}

	@Test
	void quoteAllowsThreePerUser() throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/users/42/quote")).andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/users/42/quote"))
			.andExpect(status().isTooManyRequests())
			.andExpect(jsonPath("$.limit").value("quote"));
		this.mvc.perform(get("/api/users/43/quote")).andExpect(status().isOk());
	}

	@Test
	void benchEndpointsAnswer() throws Exception {
		this.mvc.perform(get("/bench/limited"))
			.andExpect(content().string("ok\n"))
			.andExpect(header().string("RateLimit-Policy", "\"bench\";q=1000000000;w=1"));
		this.mvc.perform(get("/bench/unlimited"))
			.andExpect(content().string("ok\n"))
			.andExpect(header().doesNotExist("RateLimit"));
	}

	@Test
	void limitersEndpointIsNotPublished() throws Exception {
		this.mvc.perform(get("/actuator/limiters/hello/192.0.2.1")).andExpect(status().isNotFound());
		this.mvc.perform(get("/actuator/limiters")).andExpect(status().isNotFound());
		this.mvc.perform(get("/actuator/health")).andExpect(status().isOk());
	}

	private static RequestPostProcessor from(String address) {
		return (request) -> {
			request.setRemoteAddr(address);
			return request;
		};
	}

}
