package io.limiter.samples.demo;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

import io.limiter.LimiterClock;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code GET /api/quota}: 5 per calendar day in UTC per {@code X-Api-Key}; the {@code RateLimit} field's {@code t}
 * and a denial's {@code Retry-After} are the seconds to the next midnight UTC. The in-memory backend runs on a clock
 * the test moves, an hour before midnight of a leap day.
 */
@SpringBootTest
@AutoConfigureMockMvc
class QuotaEndpointTests {

	private static final long AN_HOUR_BEFORE_MIDNIGHT = Instant.parse("2024-02-29T23:00:00Z").toEpochMilli();

	@Autowired
	private MockMvc mvc;

	@Autowired
	private AtomicLong now;

	@Test
	void fivePerCalendarDayUntilTheNextMidnightInUtc() throws Exception {
		this.now.set(AN_HOUR_BEFORE_MIDNIGHT);
		for (int i = 0; i < 5; i++) {
			withKey("acme").andExpect(status().isOk())
				.andExpect(header().string("RateLimit-Policy", "\"quota\";q=5;w=86400"))
				.andExpect(header().string("RateLimit", "\"quota\";r=" + (4 - i) + ";t=3600"));
		}
		this.now.addAndGet(1_800_000);
		withKey("acme").andExpect(status().isTooManyRequests())
			.andExpect(header().string("Retry-After", "1800"))
			.andExpect(header().string("RateLimit", "\"quota\";r=0;t=1800"))
			.andExpect(jsonPath("$.limit").value("quota"));
		withKey("other").andExpect(status().isOk());
		this.now.set(Instant.parse("2024-03-01T00:00:00Z").toEpochMilli());
		withKey("acme").andExpect(status().isOk())
			.andExpect(header().string("RateLimit", "\"quota\";r=4;t=86400"));
	}

	private ResultActions withKey(String key) throws Exception {
		return this.mvc.perform(get("/api/quota").header("X-Api-Key", key));
	}

	@TestConfiguration
	static class ClockConfiguration {

		@Bean
		AtomicLong now() {
			return new AtomicLong(AN_HOUR_BEFORE_MIDNIGHT);
		}

		@Bean
		LimiterClock limiterClock(AtomicLong now) {
			return now::get;
		}

	}

}
