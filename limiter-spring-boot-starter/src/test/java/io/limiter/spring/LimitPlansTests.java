package io.limiter.spring;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.MeterRegistry;
import org.hamcrest.Matcher;
import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.matchesPattern;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Plans per customer through the servlet filter and {@code @RateLimited}: a {@link LimitPlanResolver} puts keys on
 * named plans of a limit, the headers and meters report the plan's numbers, a key keeps its state when its plan
 * changes, and a plan the limit does not have decides as the default plan.
 */
@SpringBootTest(classes = { TestApplication.class, LimitPlansTests.Plans.class },
		properties = { "limiter.limits.plan.algorithm=fixed-window", "limiter.limits.plan.capacity=2",
				"limiter.limits.plan.period=1h", "limiter.limits.plan.plans.gold.capacity=5",
				"limiter.limits.quote.capacity=2", "limiter.limits.quote.period=1h",
				"limiter.limits.quote.plans.gold.capacity=3",
				"limiter.filter.rules[0].paths=/api/keys/plan", "limiter.filter.rules[0].limit=plan",
				"limiter.filter.rules[0].key=header:X-Api-Key", "management.endpoints.web.exposure.include=limiters" })
@AutoConfigureMockMvc
class LimitPlansTests {

	@Autowired
	private MockMvc mvc;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private Plans plans;

	@Test
	void aGoldKeyGetsTheGoldPlanAndTheHeadersSaySo() throws Exception {
		for (int remaining = 4; remaining >= 0; remaining--) {
			withKey("gold-1").andExpect(status().isOk())
				.andExpect(header().string("RateLimit-Policy", "\"plan\";q=5;w=3600"))
				.andExpect(header().string("RateLimit", remaining("plan", remaining)));
		}
		withKey("gold-1").andExpect(status().isTooManyRequests())
			.andExpect(header().string("RateLimit-Policy", "\"plan\";q=5;w=3600"));
		assertThat(this.plans.requests).allMatch(HttpServletRequest.class::isInstance);
	}

	@Test
	void anyOtherKeyGetsTheLimitsOwnNumbers() throws Exception {
		withKey("basic-1").andExpect(status().isOk())
			.andExpect(header().string("RateLimit-Policy", "\"plan\";q=2;w=3600"));
		withKey("basic-1").andExpect(status().isOk());
		withKey("basic-1").andExpect(status().isTooManyRequests());
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aPlanTheLimitDoesNotHaveDecidesAsTheDefaultPlan(CapturedOutput output) throws Exception {
		withKey("platinum-1").andExpect(status().isOk())
			.andExpect(header().string("RateLimit-Policy", "\"plan\";q=2;w=3600"));
		withKey("platinum-1").andExpect(status().isOk());
		withKey("platinum-1").andExpect(status().isTooManyRequests());
		assertThat(output).contains("LimitPlanResolver chose plan 'platinum' of limit 'plan', which has the plans"
				+ " [default, gold]; the default plan decides");
	}

	@Test
	void aKeyKeepsWhatItUsedWhenItsPlanChanges() throws Exception {
		withKey("moving").andExpect(status().isOk());
		withKey("moving").andExpect(status().isOk());
		withKey("moving").andExpect(status().isTooManyRequests());
		this.plans.upgraded.put("moving", "gold");
		withKey("moving").andExpect(status().isOk())
			.andExpect(header().string("RateLimit", remaining("plan", 2)));
		withKey("moving").andExpect(status().isOk());
		withKey("moving").andExpect(status().isOk());
		withKey("moving").andExpect(status().isTooManyRequests());
		this.plans.upgraded.remove("moving");
		withKey("moving").andExpect(status().isTooManyRequests())
			.andExpect(header().string("RateLimit-Policy", "\"plan\";q=2;w=3600"));
	}

	@Test
	void metersCountEachPlanApart() throws Exception {
		double gold = DecisionMeters.count(this.meters, "plan", "gold", "allowed");
		double basic = DecisionMeters.count(this.meters, "plan", "default", "allowed");
		withKey("gold-meters").andExpect(status().isOk());
		withKey("gold-meters").andExpect(status().isOk());
		withKey("basic-meters").andExpect(status().isOk());
		assertThat(DecisionMeters.count(this.meters, "plan", "gold", "allowed") - gold).isEqualTo(2);
		assertThat(DecisionMeters.count(this.meters, "plan", "default", "allowed") - basic).isEqualTo(1);
	}

	@Test
	void rateLimitedMethodsTakeTheKeysPlan() throws Exception {
		for (int i = 0; i < 3; i++) {
			this.mvc.perform(get("/api/users/gold-2/quote")).andExpect(status().isOk());
		}
		this.mvc.perform(get("/api/users/gold-2/quote"))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("RateLimit-Policy", "\"quote\";q=3;w=3600"))
			.andExpect(jsonPath("$.limit").value("quote"));
		this.mvc.perform(get("/api/users/basic-2/quote")).andExpect(status().isOk());
		this.mvc.perform(get("/api/users/basic-2/quote")).andExpect(status().isOk());
		this.mvc.perform(get("/api/users/basic-2/quote"))
			.andExpect(status().isTooManyRequests())
			.andExpect(header().string("RateLimit-Policy", "\"quote\";q=2;w=3600"));
		assertThat(this.plans.methodCalls.get()).isPositive();
	}

	@Test
	void theLimitersEndpointListsThePlansAndShowsAKeyUnderItsPlan() throws Exception {
		this.mvc.perform(get("/actuator/limiters"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.limits.plan.capacity").value(2))
			.andExpect(jsonPath("$.limits.plan.plans.gold.capacity").value(5))
			.andExpect(jsonPath("$.limits.plan.plans.gold.period").value("PT1H"));
		withKey("gold-endpoint").andExpect(status().isOk());
		this.mvc.perform(get("/actuator/limiters/plan/gold-endpoint"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.plan").value("gold"))
			.andExpect(jsonPath("$.capacity").value(5))
			.andExpect(jsonPath("$.remaining").value(4));
		this.mvc.perform(get("/actuator/limiters/plan/basic-endpoint"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.plan").value("default"))
			.andExpect(jsonPath("$.capacity").value(2))
			.andExpect(jsonPath("$.remaining").value(2));
	}

	/** The fixed window's reset lies at the end of the current hour, so only the remaining permits are exact. */
	static Matcher<String> remaining(String limit, long remaining) {
		return matchesPattern("\"" + limit + "\";r=" + remaining + ";t=\\d+");
	}

	private ResultActions withKey(String key) throws Exception {
		return this.mvc.perform(get("/api/keys/plan").header("X-Api-Key", key));
	}

	/** Keys starting with {@code gold-} or upgraded at run time are on the plan gold, {@code platinum-} on a typo. */
	@TestConfiguration(proxyBeanMethods = false)
	static class Plans {

		final Map<String, String> upgraded = new ConcurrentHashMap<>();

		final List<Object> requests = new CopyOnWriteArrayList<>();

		final AtomicInteger methodCalls = new AtomicInteger();

		@Bean
		LimitPlanResolver limitPlanResolver() {
			return (limit, key, request) -> {
				if (request != null) {
					this.requests.add(request);
				}
				else {
					this.methodCalls.incrementAndGet();
				}
				if (key.startsWith("platinum-")) {
					return "platinum";
				}
				return key.startsWith("gold-") ? "gold" : this.upgraded.get(key);
			};
		}

	}

}
