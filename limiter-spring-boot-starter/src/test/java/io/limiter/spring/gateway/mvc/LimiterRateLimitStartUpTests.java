package io.limiter.spring.gateway.mvc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A bad {@code LimiterRateLimit} filter of a properties route stops a real gateway at start-up, reported by the
 * route's id, the filter's property, the setting and its value.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterRateLimitStartUpTests {

	private static final String ROUTE = "--spring.cloud.gateway.server.webmvc.routes[0].";

	private static final String ARGS = "spring.cloud.gateway.server.webmvc.routes[0].filters[0].args";

	@Test
	void badInlineCapacityIsReportedByRouteFieldAndValue(CapturedOutput output) {
		start(ROUTE + "filters[0].name=LimiterRateLimit", ROUTE + "filters[0].args.capacity=0",
				ROUTE + "filters[0].args.period=1s");
		assertThat(output).contains("APPLICATION FAILED TO START", "Property: " + ARGS,
				"Reason: route 'bad': LimiterRateLimit filter: capacity = 0 is not valid: capacity must be at least 1");
	}

	@Test
	void aLimitThatIsNotConfiguredIsReportedByRouteAndName(CapturedOutput output) {
		start(ROUTE + "filters[0]=LimiterRateLimit=nope");
		assertThat(output).contains("APPLICATION FAILED TO START", "Property: " + ARGS,
				"Reason: route 'bad': no limit named 'nope'; the limits are [");
	}

	@Test
	void aCostAboveTheCapacityOfTheLimitIsReported(CapturedOutput output) {
		start(ROUTE + "filters[0].name=LimiterRateLimit", ROUTE + "filters[0].args.limit=b",
				ROUTE + "filters[0].args.cost=2");
		assertThat(output).contains("APPLICATION FAILED TO START", "Property: " + ARGS,
				"Reason: route 'bad': gateway route 'bad' takes 2 permits, more than the capacity 1 of limit 'b'");
	}

	@Test
	void aKeyThatIsAnExpressionIsRefused(CapturedOutput output) {
		start(ROUTE + "filters[0].name=LimiterRateLimit", ROUTE + "filters[0].args.limit=a",
				ROUTE + "filters[0].args.key=getHeader('X-Tenant')");
		assertThat(output).contains("APPLICATION FAILED TO START", "Property: " + ARGS,
				"key = getHeader('X-Tenant') is not valid: a gateway route's key is ip, principal, header:<Name>");
	}

	private static void start(String... filter) {
		String[] settings = new String[filter.length + 5];
		settings[0] = "--server.port=0";
		settings[1] = "--spring.cloud.gateway.server.webflux.enabled=false";
		settings[2] = ROUTE + "id=bad";
		settings[3] = ROUTE + "uri=forward:/backend/hello";
		settings[4] = ROUTE + "predicates[0]=Path=/bad";
		System.arraycopy(filter, 0, settings, 5, filter.length);
		assertThatException().isThrownBy(() -> new SpringApplication(TestApplication.class).run(settings).close());
	}

}
