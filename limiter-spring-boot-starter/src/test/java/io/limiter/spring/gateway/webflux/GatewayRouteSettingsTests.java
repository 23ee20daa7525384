package io.limiter.spring.gateway.webflux;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.builder.SpringApplicationBuilder;

import io.limiter.spring.autoconfigure.InvalidLimiterPropertyException;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A route whose limit settings are not valid fails the gateway's start-up, naming the route, the setting and the
 * value (the gateway itself only logs a route it cannot load).
 */
@Tag("gateway-webflux")
class GatewayRouteSettingsTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"limiter.capacity=0;limiter.period=1s | limiter.capacity (route 'bad') | '0'",
			"limiter.capacity=5;limiter.period=soon | limiter.period (route 'bad') | 'soon'",
			"limiter.limit=nope | limiter.limit (route 'bad') | 'nope'",
			"limiter.limit=hello;limiter.capacity=5 | limiter.limit (route 'bad') | 'hello'",
			"limiter.limit=a;limiter.cost=6 | limiter.cost (route 'bad') | '6'" })
	void aBadSettingFailsStartUpNamingTheRouteTheSettingAndTheValue(String args, String property, String value) {
		assertThatExceptionOfType(InvalidLimiterPropertyException.class).isThrownBy(() -> start(args))
			.withMessageContaining(property)
			.withMessageContaining(value);
	}

	/**
	 * The gateway's global CORS listener and its weight filter load the routes again at start-up and let a failure
	 * through; without them, the gateway only logs it, and the rate limiter fails the start-up itself once the
	 * application is ready.
	 */
	@Test
	void aBadSettingFailsStartUpWhereTheGatewayOnlyLogsIt() {
		assertThatExceptionOfType(InvalidLimiterPropertyException.class)
			.isThrownBy(() -> start("limiter.capacity=0;limiter.period=1s",
					"spring.cloud.gateway.server.webflux.globalcors.enabled=false",
					"spring.cloud.gateway.server.webflux.predicate.weight.enabled=false"))
			.withMessageContaining("Invalid value '0' of limiter.capacity (route 'bad')");
	}

	private static void start(String args, String... extraProperties) {
		List<String> properties = new ArrayList<>(List.of("spring.main.web-application-type=reactive",
				"server.port=0", "spring.cloud.gateway.server.webflux.routes[0].id=bad",
				"spring.cloud.gateway.server.webflux.routes[0].uri=forward:/backend",
				"spring.cloud.gateway.server.webflux.routes[0].predicates[0]=Path=/bad",
				"spring.cloud.gateway.server.webflux.routes[0].filters[0].name=RequestRateLimiter"));
		for (String arg : args.split(";")) {
			String[] nameAndValue = arg.split("=", 2);
			properties.add("spring.cloud.gateway.server.webflux.routes[0].filters[0].args[" + nameAndValue[0] + "]="
					+ nameAndValue[1]);
		}
		properties.addAll(List.of(extraProperties));
		new SpringApplicationBuilder(GatewayTestApplication.class).properties(properties.toArray(String[]::new))
			.run()
			.close();
	}

}
