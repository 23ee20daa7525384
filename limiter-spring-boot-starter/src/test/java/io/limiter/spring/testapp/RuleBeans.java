package io.limiter.spring.testapp;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.limiter.spring.RateLimitDenialBody;

/**
 * Beans that filter rules name: {@code plans} in SpEL keys and conditions, {@code jsonDenial} as a body writer;
 * and the {@link Gate} that holds requests in flight.
 */
@Configuration(proxyBeanMethods = false)
public class RuleBeans {

	@Bean
	Gate gate() {
		return new Gate();
	}

	@Bean
	Plans plans() {
		return new Plans();
	}

	@Bean
	RateLimitDenialBody jsonDenial() {
		return (denial) -> RateLimitDenialBody.Body.of("application/json", "{\"limited\":\"" + denial.limitName()
				+ "\",\"status\":" + denial.status() + ",\"wait\":" + denial.retryAfterSeconds() + "}");
	}

	/** What a bean of the application that keys and conditions call might do. */
	public static class Plans {

		public String keyOf(String user) {
			return "plan-of-" + user;
		}

		public boolean unlimited(String user) {
			return "root".equals(user);
		}

	}

}
