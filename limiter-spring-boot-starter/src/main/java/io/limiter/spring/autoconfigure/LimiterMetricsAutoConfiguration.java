package io.limiter.spring.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.util.function.SingletonSupplier;

import io.limiter.LimiterObserver;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;
import io.limiter.spring.internal.metrics.PlanNames;

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

	/**
	 * The observer of the backend, which the registry is built on: it asks the registry for plan names lazily, at
	 * the first decision of a limit with plans.
	 */
	@Bean
	@ConditionalOnMissingBean
	LimiterObserver limiterObserver(MeterRegistry meterRegistry, ObjectProvider<RateLimiterRegistry> registry,
			LimiterProperties properties) {
		PlanNames plans = PlanNames.of(SingletonSupplier.of(registry::getObject));
		return new MicrometerLimiterObserver(meterRegistry, plans, LimitDefinitions.shadowLimits(properties));
	}

}
