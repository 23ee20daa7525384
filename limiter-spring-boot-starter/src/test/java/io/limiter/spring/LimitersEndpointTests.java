package io.limiter.spring;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.memory.InMemoryDecisionSource;
import io.limiter.spring.testapp.TestApplication;

import static io.limiter.spring.RateLimitFilterTests.from;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The {@code limiters} Actuator endpoint over HTTP.
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureMockMvc
@ActiveProfiles("web")
class LimitersEndpointTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RateLimiterRegistry registry;

	@Test
	void listsTheLimitsWithTheirSettings() throws Exception {
		this.mvc.perform(get("/actuator/limiters"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.backend").value("InMemoryBackend"))
			.andExpect(jsonPath("$.limits.hello.algorithm").value("token-bucket"))
			.andExpect(jsonPath("$.limits.hello.capacity").value(3))
			.andExpect(jsonPath("$.limits.hello.period").value("PT1H"))
			.andExpect(jsonPath("$.limits.hello.shadow").value(false))
			.andExpect(jsonPath("$.limits.hello.failurePolicy").value("local-fallback"))
			.andExpect(jsonPath("$.limits.shadowed.shadow").value(true))
			.andExpect(jsonPath("$.limits.hello.rates[0].capacity").value(3))
			.andExpect(jsonPath("$.limits.multi.rates[0].capacity").value(3))
			.andExpect(jsonPath("$.limits.multi.rates[0].period").value("PT1H"))
			.andExpect(jsonPath("$.limits.multi.rates[1].capacity").value(2))
			.andExpect(jsonPath("$.limits.multi.rates[1].period").value("PT10H"));
	}

	@Test
	void showsTheRateOfSeveralThatIsClosestToRefusing() throws Exception {
		this.mvc.perform(get("/api/keys/multi").with(from("192.0.2.78"))).andExpect(status().isOk());
		this.mvc.perform(get("/actuator/limiters/multi/192.0.2.78"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.capacity").value(2))
			.andExpect(jsonPath("$.remaining").value(1));
	}

	@Test
	void showsTheStateOfOneKeyWithoutTakingPermits() throws Exception {
		this.mvc.perform(get("/api/hello").with(from("192.0.2.77"))).andExpect(status().isOk());
		for (int i = 0; i < 2; i++) {
			this.mvc.perform(get("/actuator/limiters/hello/192.0.2.77"))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.limit").value("hello"))
				.andExpect(jsonPath("$.key").value("192.0.2.77"))
				.andExpect(jsonPath("$.capacity").value(3))
				.andExpect(jsonPath("$.remaining").value(2));
		}
	}

	@Test
	void lookingAtAKeyStoresNoStateForIt() throws Exception {
		InMemoryDecisionSource hello = (InMemoryDecisionSource) ((DefaultRateLimiter) this.registry.limiter("hello"))
			.source();
		int keys = hello.size();
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/actuator/limiters/hello/stranger-" + i))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.remaining").value(3))
				.andExpect(jsonPath("$.resetAfterMillis").value(0));
		}
		assertThat(hello.size()).isEqualTo(keys);
	}

	@Test
	void theKeyOfAnIpv6ClientCanBeNamedWithItsSlash() throws Exception {
		this.mvc.perform(get("/api/hello").with(from("2001:db8:77::1"))).andExpect(status().isOk());
		this.mvc.perform(get("/actuator/limiters/hello/2001:db8:77::/64"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.key").value("2001:db8:77::/64"))
			.andExpect(jsonPath("$.remaining").value(2));
	}

	@Test
	void unknownLimitIsNotFound() throws Exception {
		this.mvc.perform(get("/actuator/limiters/nope/key")).andExpect(status().isNotFound());
	}

}
