package io.limiter.spring.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.util.function.SingletonSupplier;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;
import io.limiter.spring.internal.metrics.PlanNames;

/**
 * Auto-configuration of the Micrometer meters of the decisions and of the Redis calls, when there is a
 * {@link MeterRegistry}: an observer that the backend tells of everything beside every other
 * {@link io.limiter.LimiterObserver} bean.
 */
@AutoConfiguration(before = LimiterAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
public final class LimiterMetricsAutoConfiguration {

	/**
	 * The meters, one observer of the backend beside the application's own: it asks the registry the backend is
	 * built for for plan names lazily, at the first decision of a limit with plans.
	 */
	@Bean
	@ConditionalOnMissingBean
	MicrometerLimiterObserver limiterMetricsObserver(MeterRegistry meterRegistry,
			ObjectProvider<RateLimiterRegistry> registry, LimiterProperties properties) {
		PlanNames plans = PlanNames.of(SingletonSupplier.of(registry::getObject));
		return new MicrometerLimiterObserver(meterRegistry, plans, LimitDefinitions.shadowLimits(properties));
	}

}
