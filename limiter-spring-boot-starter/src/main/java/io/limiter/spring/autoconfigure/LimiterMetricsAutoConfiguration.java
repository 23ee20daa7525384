package io.limiter.spring.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.limiter.LimiterObserver;
import io.limiter.spring.internal.LimiterMetrics;
import io.limiter.spring.internal.metrics.MicrometerLimiterMetrics;
import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;

/**
 * Auto-configuration of the Micrometer meters of the decisions and of the Redis calls, when there is a
 * {@link MeterRegistry}.
 */
@AutoConfiguration(before = LimiterAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
public final class LimiterMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LimiterMetrics limiterMetrics(MeterRegistry meterRegistry) {
		return new MicrometerLimiterMetrics(meterRegistry);
	}

	@Bean
	@ConditionalOnMissingBean
	LimiterObserver limiterObserver(MeterRegistry meterRegistry) {
		return new MicrometerLimiterObserver(meterRegistry);
	}

}
