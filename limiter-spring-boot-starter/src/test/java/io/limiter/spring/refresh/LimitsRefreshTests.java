package io.limiter.spring.refresh;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.ConfigurationPropertiesBindException;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.LimitsChangedEvent;
import io.limiter.spring.autoconfigure.LimiterProperties;
import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Limits changed in the Environment while a servlet application runs, told by Limiter's own event or by Spring
 * Cloud's: the next request decides with the new numbers and each key keeps what it used; a bad change is refused
 * whole, logged once with its property and value, the running limits kept; a change that needs a restart is said.
 * Every limit counts in a window of an hour, so that nothing refills during a test. The tests share one application:
 * each takes its changes back and keys its requests by a client address of its own; the one whose change leaves the
 * properties bean broken closes it.
 */
@SpringBootTest(classes = { TestApplication.class, RefreshBeans.class },
		properties = { "limiter.limits.hello.algorithm=fixed-window", "limiter.limits.hello.capacity=2",
				"limiter.limits.hello.period=1h", "limiter.limits.second.algorithm=fixed-window",
				"limiter.limits.second.capacity=2", "limiter.limits.second.period=1h",
				"limiter.limits.costly.capacity=3", "limiter.limits.costly.period=1h",
				"limiter.limits.multi.rates[0].capacity=3", "limiter.limits.multi.rates[0].period=1h",
				"limiter.filter.rules[0].paths[0]=/refresh/hello", "limiter.filter.rules[0].limit=hello",
				"limiter.filter.rules[1].paths[0]=/refresh/second", "limiter.filter.rules[1].limit=second",
				"management.endpoints.web.exposure.include=limiters",
				"management.endpoint.limiters.access=unrestricted" })
@AutoConfigureMockMvc
@ExtendWith(OutputCaptureExtension.class)
class LimitsRefreshTests {

	private static final String REFUSED = "Limiter refused the changed limits and keeps all the running ones: ";

	private static final AtomicInteger CLIENTS = new AtomicInteger(1);

	@Autowired
	private MockMvc mvc;

	@Autowired
	private ConfigurableApplicationContext context;

	@Autowired
	private RateLimiterRegistry registry;

	/** The client addresses of the test: its own, as the tests share one application and its limits' state. */
	private final String client = "192.0.2." + CLIENTS.getAndIncrement();

	/**
	 * Takes the test's changes out of the Environment and applies the limits as configured again, so that the next
	 * test starts from them in the same application.
	 */
	@AfterEach
	void restoreTheConfiguredLimits() {
		if (this.context.getEnvironment().getPropertySources().remove("changed") != null) {
			this.context.publishEvent(new EnvironmentChangeEvent(this.context, Set.of()));
		}
		this.registry.limiter("costly").reset("everyone");
	}

	@ParameterizedTest
	@EnumSource
	void aChangedCapacityAppliesToTheNextRequestAndEachKeyKeepsWhatItUsed(Trigger trigger) throws Exception {
		hello(this.client).andExpect(status().isOk()).andExpect(header().string("RateLimit-Policy", "\"hello\";q=2;w=3600"));
		hello(this.client).andExpect(status().isOk());
		hello(this.client).andExpect(status().isTooManyRequests());
		change(trigger, Map.of("limiter.limits.hello.capacity", "5"));
		hello(this.client).andExpect(status().isOk())
			.andExpect(header().string("RateLimit-Policy", "\"hello\";q=5;w=3600"))
			.andExpect(header().string("RateLimit", startsWith("\"hello\";r=2;")));
		hello(this.client).andExpect(status().isOk());
		hello(this.client).andExpect(status().isOk());
		hello(this.client).andExpect(status().isTooManyRequests());
		for (int i = 0; i < 5; i++) {
			hello("198.51.100." + this.client.substring("192.0.2.".length())).andExpect(status().isOk());
		}
		hello("198.51.100." + this.client.substring("192.0.2.".length())).andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/actuator/limiters")).andExpect(jsonPath("$.limits.hello.capacity").value(5));
	}

	@ParameterizedTest
	@EnumSource
	void aBadChangeIsRefusedWholeAndLoggedOnceWithItsPropertyAndValue(BadChange bad, CapturedOutput output)
			throws Exception {
		hello(this.client).andExpect(status().isOk());
		Map<String, Object> batch = new HashMap<>(bad.properties);
		batch.put("limiter.limits.second.capacity", "7");
		change(Trigger.LIMITER, batch);
		assertThat(output).containsOnlyOnce(REFUSED).contains(bad.logged);
		hello(this.client).andExpect(status().isOk()).andExpect(header().string("RateLimit-Policy", "\"hello\";q=2;w=3600"));
		hello(this.client).andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/refresh/second").with((request) -> {
			request.setRemoteAddr(this.client);
			return request;
		})).andExpect(header().string("RateLimit-Policy", "\"second\";q=2;w=3600"));
		this.mvc.perform(get("/refresh/costly")).andExpect(status().isOk());
		this.mvc.perform(get("/refresh/costly")).andExpect(status().isTooManyRequests());
	}

	@Test
	@DirtiesContext
	void aBadValueThatSpringCloudRebindsIntoThePropertiesBeanChangesNoRunningLimit(CapturedOutput output)
			throws Exception {
		assertThatExceptionOfType(ConfigurationPropertiesBindException.class)
			.as("Spring Cloud's rebinder fails after Limiter has refused the change")
			.isThrownBy(() -> change(Trigger.SPRING_CLOUD,
					Map.of("limiter.limits.hello.algorithm", "leaky", "limiter.limits.hello.capacity", "5")));
		assertThat(output).containsOnlyOnce(REFUSED).contains("limiter.limits.hello.algorithm");
		assertThat(this.context.getBean(LimiterProperties.class).getLimits())
			.as("the rebinder has reset the bean and failed half-way").doesNotContainKey("hello");
		hello(this.client).andExpect(status().isOk()).andExpect(header().string("RateLimit-Policy", "\"hello\";q=2;w=3600"));
		hello(this.client).andExpect(status().isOk());
		hello(this.client).andExpect(status().isTooManyRequests());
		this.mvc.perform(get("/actuator/limiters"))
			.andExpect(jsonPath("$.limits.hello.capacity").value(2))
			.andExpect(jsonPath("$.limits.hello.algorithm").value("fixed-window"));
	}

	@ParameterizedTest
	@EnumSource
	void aChangeThatNeedsARestartIsSaidAndTheNumbersBesideItApply(Trigger trigger, CapturedOutput output)
			throws Exception {
		change(trigger, Map.of("limiter.limits.hello.capacity", "3", "limiter.limits.hello.shadow", "true",
				"limiter.limits.added.capacity", "1", "limiter.limits.added.period", "1s"));
		assertThat(output).containsOnlyOnce("Limiter cannot apply limiter.limits.added.capacity,"
				+ " limiter.limits.added.period, limiter.limits.hello.shadow while the application runs: a change of"
				+ " these needs a restart");
		for (int i = 0; i < 3; i++) {
			hello(this.client).andExpect(status().isOk());
		}
		hello(this.client).andExpect(status().isTooManyRequests());
	}

	private ResultActions hello(String client) throws Exception {
		return this.mvc.perform(get("/refresh/hello").with((request) -> {
			request.setRemoteAddr(client);
			return request;
		}));
	}

	private void change(Trigger trigger, Map<String, Object> properties) {
		this.context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("changed", properties));
		this.context.publishEvent(trigger.event.apply(this.context));
	}

	enum Trigger {

		LIMITER(LimitsChangedEvent::new),

		SPRING_CLOUD((context) -> new EnvironmentChangeEvent(context, Set.of()));

		private final Function<ConfigurableApplicationContext, ApplicationEvent> event;

		Trigger(Function<ConfigurableApplicationContext, ApplicationEvent> event) {
			this.event = event;
		}

	}

	enum BadChange {

		NEGATIVE_CAPACITY(Map.of("limiter.limits.hello.capacity", "-1"),
				"Invalid value '-1' of limiter.limits.hello.capacity"),

		UNKNOWN_ALGORITHM(Map.of("limiter.limits.hello.algorithm", "leaky"),
				"Invalid value 'leaky' of limiter.limits.hello.algorithm"),

		RATE_WITHOUT_PERIOD(Map.of("limiter.limits.multi.rates[0].capacity", "3", "limiter.limits.multi.rates[0].period",
				"1h", "limiter.limits.multi.rates[1].capacity", "5"),
				"Invalid value 'null' of limiter.limits.multi.rates[1].period: period must be set"),

		BELOW_A_METHODS_COST(Map.of("limiter.limits.costly.capacity", "2"), "limit 'costly' cannot have capacity 2");

		private final Map<String, Object> properties;

		private final String logged;

		BadChange(Map<String, Object> properties, String logged) {
			this.properties = properties;
			this.logged = logged;
		}

	}

}
