package io.limiter.spring.autoconfigure;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.LimitsChangedEvent;

/**
 * Auto-configuration of limits changed while the application runs: on a {@link LimitsChangedEvent}, and with Spring
 * Cloud on Spring Cloud's {@code EnvironmentChangeEvent} ({@code /actuator/refresh}, Spring Cloud Config), the changed
 * numbers of {@code limiter.limits.*} apply to the {@link RateLimiterRegistry} at once.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnBean(RateLimiterRegistry.class)
public final class LimiterRefreshAutoConfiguration {

	@Bean
	LimitsRefresher limiterLimitsRefresher(Environment environment, RateLimiterRegistry limiterRegistry,
			ObjectProvider<LimitPlanResolver> plans) {
		return new LimitsRefresher(environment, limiterRegistry, SingleCandidate.of(plans, LimitPlanResolver.class) != null);
	}

	@Bean
	LimitsRefreshListener limiterLimitsChangedListener(LimitsRefresher limiterLimitsRefresher) {
		return new LimitsRefreshListener(LimitsChangedEvent.class, limiterLimitsRefresher);
	}

	/** Spring Cloud's event, from the same refresher. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(EnvironmentChangeEvent.class)
	static final class SpringCloudConfiguration {

		@Bean
		LimitsRefreshListener limiterEnvironmentChangeListener(LimitsRefresher limiterLimitsRefresher) {
			return new LimitsRefreshListener(EnvironmentChangeEvent.class, limiterLimitsRefresher);
		}

	}

}
