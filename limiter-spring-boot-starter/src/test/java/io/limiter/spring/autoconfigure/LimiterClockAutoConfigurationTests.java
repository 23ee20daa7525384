package io.limiter.spring.autoconfigure;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the README tells an application's tests: a {@link LimiterClock} bean is the time of the in-memory backend, so
 * a test moves it instead of sleeping.
 */
class LimiterClockAutoConfigurationTests {

	private final AtomicLong now = new AtomicLong();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
		.withPropertyValues("limiter.limits.hello.capacity=1", "limiter.limits.hello.period=1s");

	@Test
	void theInMemoryBackendDecidesOnTheTimeOfALimiterClockBean() {
		this.runner.withBean(LimiterClock.class, () -> this.now::get).run((context) -> {
			RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
			assertThat(hello.tryAcquire("user-42").isAllowed()).isTrue();
			assertThat(hello.tryAcquire("user-42").retryAfterMillis()).isEqualTo(1_000);
			this.now.addAndGet(1_000);
			assertThat(hello.tryAcquire("user-42").isAllowed()).isTrue();
		});
	}

}
