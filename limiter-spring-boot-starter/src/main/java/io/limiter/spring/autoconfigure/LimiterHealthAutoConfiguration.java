package io.limiter.spring.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

import io.limiter.LimiterBackend;
import io.limiter.spring.internal.actuate.LimiterHealthIndicator;

/**
 * Auto-configuration of the health of the limits' backend, reported as {@code limiter}: read from the backend,
 * which knows whether it is connected and whether a circuit breaker is open. Turned off by
 * {@code management.health.limiter.enabled=false}.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnEnabledHealthIndicator("limiter")
public final class LimiterHealthAutoConfiguration {

	@Bean
	@ConditionalOnBean(LimiterBackend.class)
	@ConditionalOnMissingBean(name = "limiterHealthIndicator")
	LimiterHealthIndicator limiterHealthIndicator(LimiterBackend backend) {
		return new LimiterHealthIndicator(backend);
	}

}
