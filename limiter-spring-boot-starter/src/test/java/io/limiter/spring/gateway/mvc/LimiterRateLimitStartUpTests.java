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
		assertStartFails(output,
				"Reason: Invalid value '0' of LimiterRateLimit.capacity (route 'bad'): capacity must be at least 1",
				"name=LimiterRateLimit", "args.capacity=0", "args.period=1s");
	}

	@Test
	void aLimitThatIsNotConfiguredIsReportedByRouteAndName(CapturedOutput output) {
		assertStartFails(output,
				"Reason: Invalid value 'nope' of LimiterRateLimit.limit (route 'bad'): no limit named 'nope'; the limits are [",
				"=LimiterRateLimit=nope");
	}

	@Test
	void aCostAboveTheCapacityOfTheLimitIsReported(CapturedOutput output) {
		assertStartFails(output,
				"Reason: Invalid value '2' of LimiterRateLimit.cost (route 'bad'): route 'bad' takes 2 permits, more than "
						+ "the capacity 1 of limit 'b'",
				"name=LimiterRateLimit", "args.limit=b", "args.cost=2");
	}

	@Test
	void aKeyThatIsAnExpressionIsRefused(CapturedOutput output) {
		assertStartFails(output,
				"Reason: Invalid value 'getHeader('X-Tenant')' of LimiterRateLimit.key (route 'bad'): a gateway route's "
						+ "key is ip, principal, header:<Name>",
				"name=LimiterRateLimit", "args.limit=a", "args.key=getHeader('X-Tenant')");
	}

	@Test
	void plansOfARoutesOwnLimitAreRefused(CapturedOutput output) {
		assertStartFails(output, "Reason: Invalid value '[gold]' of LimiterRateLimit.plans (route 'bad'): plans belong to "
				+ "a limit of limiter.limits", "name=LimiterRateLimit", "args.capacity=5", "args.period=1s",
				"args.plans.gold.capacity=9");
	}

	@Test
	void aSettingThatCannotBeBoundIsReportedByRouteFieldAndValue(CapturedOutput output) {
		assertStartFails(output, "Reason: Invalid value 'borrow' of LimiterRateLimit.local-tier.mode (route 'bad'): ",
				"name=LimiterRateLimit", "args.capacity=5", "args.period=1s", "args.local-tier.mode=borrow");
	}

	@Test
	void theLocalTierOfARoutesOwnLimitIsCheckedAsAConfiguredLimitsIs(CapturedOutput output) {
		assertStartFails(output,
				"Reason: Invalid value '2.0' of LimiterRateLimit.local-tier.max-batch-share (route 'bad'): ",
				"name=LimiterRateLimit", "args.capacity=5", "args.period=1s", "args.local-tier.mode=two-tier",
				"args.local-tier.max-batch-share=2");
	}

	/**
	 * Starts the test application with a route {@code bad} whose first filter has the settings, and asserts that it
	 * fails with the report of the filter's property and the reason.
	 */
	private static void assertStartFails(CapturedOutput output, String reason, String... filter) {
		String[] settings = new String[filter.length + 4];
		settings[0] = "--server.port=0";
		settings[1] = ROUTE + "id=bad";
		settings[2] = ROUTE + "uri=forward:/backend/hello";
		settings[3] = ROUTE + "predicates[0]=Path=/bad";
		for (int i = 0; i < filter.length; i++) {
			settings[4 + i] = ROUTE + "filters[0]" + (filter[i].startsWith("=") ? "" : ".") + filter[i];
		}
		assertThatException().isThrownBy(() -> new SpringApplication(TestApplication.class).run(settings).close());
		assertThat(output).contains("APPLICATION FAILED TO START", "Property: " + ARGS, reason);
	}

}
