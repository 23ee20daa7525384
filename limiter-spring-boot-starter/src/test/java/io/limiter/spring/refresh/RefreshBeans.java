package io.limiter.spring.refresh;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.limiter.spring.RateLimited;

/**
 * Beside the test application, endpoints whose limits change while it runs: {@code /refresh/hello} and
 * {@code /refresh/second} limited by filter rules, {@code /refresh/costly} by a method that takes 3 permits of limit
 * {@code costly}.
 */
@Configuration(proxyBeanMethods = false)
class RefreshBeans {

	@Bean
	CostlyService costlyService() {
		return new CostlyService();
	}

	/** A nested component, which Spring registers with its configuration. */
	@RestController
	static class RefreshController {

		private final CostlyService costly;

		RefreshController(CostlyService costly) {
			this.costly = costly;
		}

		@GetMapping({ "/refresh/hello", "/refresh/second" })
		String hello() {
			return "hello";
		}

		@GetMapping("/refresh/costly")
		String costly() {
			return this.costly.call();
		}

	}

	static class CostlyService {

		@RateLimited(limit = "costly", key = "'everyone'", cost = 3)
		public String call() {
			return "costly";
		}

	}

}
