package io.limiter.spring;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.RequestBuilder;

import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.RateLimiterRegistry;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.memory.InMemoryDecisionSource;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.testapp.TestApplication;

import static io.limiter.spring.RateLimitFilterTests.from;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The {@code limiters} Actuator endpoint over HTTP: reading a key, and resetting it, adding permits and penalizing it.
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureMockMvc
@ActiveProfiles("web")
class LimitersEndpointTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private RateLimiterRegistry registry;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private ConcurrencyLimiters concurrencyLimiters;

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
			.andExpect(jsonPath("$.limits.multi.capacity").doesNotExist())
			.andExpect(jsonPath("$.limits.multi.period").doesNotExist())
			.andExpect(jsonPath("$.limits.multi.rates[0].capacity").value(3))
			.andExpect(jsonPath("$.limits.multi.rates[0].period").value("PT1H"))
			.andExpect(jsonPath("$.limits.multi.rates[1].capacity").value(2))
			.andExpect(jsonPath("$.limits.multi.rates[1].period").value("PT10H"));
	}

	@Test
	void listsTheConcurrencyLimitsAndShowsTheirPermitsInFlight() throws Exception {
		this.mvc.perform(get("/actuator/limiters"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.concurrencyLimits.exports.maxInFlight").value(2))
			.andExpect(jsonPath("$.concurrencyLimits.exports.lease").value("PT20S"))
			.andExpect(jsonPath("$.limits.exports").doesNotExist());
		try (ConcurrencyPermit permit = this.concurrencyLimiters.get("exports").tryAcquire("tenant/7")) {
			assertThat(permit.isAllowed()).isTrue();
			this.mvc.perform(get("/actuator/limiters/exports/tenant/7"))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.limit").value("exports"))
				.andExpect(jsonPath("$.key").value("tenant/7"))
				.andExpect(jsonPath("$.maxInFlight").value(2))
				.andExpect(jsonPath("$.inFlight").value(1));
		}
		this.mvc.perform(get("/actuator/limiters/exports/tenant/7")).andExpect(jsonPath("$.inFlight").value(0));
	}

	@Test
	void metersThePermitsOfConcurrencyLimits() {
		ConcurrencyLimiter exports = this.concurrencyLimiters.get("exports");
		ConcurrencyPermit first = exports.tryAcquire("tenant-8");
		ConcurrencyPermit second = exports.tryAcquire("tenant-8");
		assertThat(exports.tryAcquire("tenant-8").isAllowed()).isFalse();
		assertThat(this.meters.get("limiter.permits.in-flight").tag("limit", "exports").gauge().value()).isEqualTo(2);
		assertThat(this.meters.get("limiter.decisions").tags("limit", "exports", "outcome", "allowed").counter())
			.extracting(Counter::count)
			.isEqualTo(2.0);
		assertThat(this.meters.get("limiter.decisions").tags("limit", "exports", "outcome", "denied").counter())
			.extracting(Counter::count)
			.isEqualTo(1.0);
		first.close();
		second.close();
		assertThat(this.meters.get("limiter.permits.in-flight").tag("limit", "exports").gauge().value()).isZero();
		assertThat(this.meters.get("limiter.permit.held").tags("limit", "exports", "returned", "true").timer().count())
			.isEqualTo(2);
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

	@Test
	void deleteResetsAKeyAndIsCounted() throws Exception {
		double before = adminCount("reset", "applied");
		exhaust("192.0.2.81");
		this.mvc.perform(delete("/actuator/limiters/hello/192.0.2.81"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.limit").value("hello"))
			.andExpect(jsonPath("$.key").value("192.0.2.81"))
			.andExpect(jsonPath("$.operation").value("reset"));
		this.mvc.perform(get("/api/hello").with(from("192.0.2.81"))).andExpect(status().isOk());
		assertThat(adminCount("reset", "applied")).isEqualTo(before + 1);
	}

	@Test
	void postAddsPermits() throws Exception {
		double before = adminCount("add-permits", "applied");
		exhaust("192.0.2.82");
		this.mvc.perform(adjust("hello/192.0.2.82", "{\"operation\": \"add-permits\", \"permits\": 2}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.operation").value("add-permits"))
			.andExpect(jsonPath("$.permits").value(2));
		this.mvc.perform(get("/actuator/limiters/hello/192.0.2.82")).andExpect(jsonPath("$.remaining").value(2));
		assertThat(adminCount("add-permits", "applied")).isEqualTo(before + 1);
	}

	@Test
	void postPenaltyTakesPermitsBeyondWhatIsLeft() throws Exception {
		this.mvc.perform(get("/api/hello").with(from("192.0.2.83"))).andExpect(status().isOk());
		this.mvc.perform(adjust("hello/192.0.2.83", "{\"operation\": \"penalty\", \"permits\": 4}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.operation").value("penalty"));
		this.mvc.perform(get("/api/hello").with(from("192.0.2.83"))).andExpect(status().isTooManyRequests());
		this.mvc.perform(adjust("hello/192.0.2.83", "{\"operation\": \"add-permits\", \"permits\": 2}"));
		// five taken of three, two given back: none left yet
		this.mvc.perform(get("/actuator/limiters/hello/192.0.2.83")).andExpect(jsonPath("$.remaining").value(0));
	}

	@Test
	void badInputIsRefusedWithAClearMessage() throws Exception {
		this.mvc.perform(adjust("hello/k", "{\"operation\": \"gift\", \"permits\": 2}"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.error").value("operation must be 'add-permits' or 'penalty' but was 'gift'"));
		this.mvc.perform(adjust("hello/k", "{\"permits\": 2}"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.error").value("operation must be 'add-permits' or 'penalty' but was missing"));
		this.mvc.perform(adjust("hello/k", "{\"operation\": \"add-permits\", \"permits\": 0}"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.error").value("permits of add-permits must be at least 1 but was 0"));
		this.mvc.perform(adjust("hello/k", "{\"operation\": \"penalty\"}"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.error").value("permits of penalty must be at least 1 but was missing"));
	}

	@Test
	void adminOperationsOnAnUnknownLimitAreNotFound() throws Exception {
		this.mvc.perform(delete("/actuator/limiters/nope/key")).andExpect(status().isNotFound());
		this.mvc.perform(adjust("nope/key", "{\"operation\": \"add-permits\", \"permits\": 1}"))
			.andExpect(status().isNotFound());
	}

	@Test
	void theKeyOfAnIpv6ClientCanBeResetWithItsSlash() throws Exception {
		exhaust("2001:db8:81::1");
		this.mvc.perform(delete("/actuator/limiters/hello/2001:db8:81::/64"))
			.andExpect(jsonPath("$.key").value("2001:db8:81::/64"));
		this.mvc.perform(get("/api/hello").with(from("2001:db8:81::1"))).andExpect(status().isOk());
	}

	private void exhaust(String client) throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/hello").with(from(client))).andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/hello").with(from(client))).andExpect(status().isTooManyRequests());
	}

	private static RequestBuilder adjust(String path, String body) {
		return post("/actuator/limiters/" + path).contentType(MediaType.APPLICATION_JSON).content(body);
	}

	private double adminCount(String operation, String outcome) {
		Counter counter = this.meters.find("limiter.admin.operations")
			.tag("limit", "hello")
			.tag("operation", operation)
			.tag("outcome", outcome)
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

}
