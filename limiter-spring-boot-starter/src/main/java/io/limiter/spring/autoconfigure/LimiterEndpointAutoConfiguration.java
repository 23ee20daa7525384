package io.limiter.spring.autoconfigure;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.actuate.LimitersEndpoint;
import io.limiter.spring.internal.gateway.RouteOwnLimits;

/**
 * Auto-configuration of the {@code limiters} Actuator endpoint, which lists the own limits of gateway routes too
 * where a gateway auto-configuration keeps them.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
@ConditionalOnBean(LimitEnforcers.class)
@ConditionalOnAvailableEndpoint(LimitersEndpoint.class)
public final class LimiterEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LimitersEndpoint limitersEndpoint(RateLimiterRegistry rateLimiterRegistry, LimitEnforcers limitEnforcers,
			ConcurrencyLimiters concurrencyLimiters, LimiterProperties properties,
			ObjectProvider<RouteOwnLimits> routeOwnLimits) {
		return new LimitersEndpoint(rateLimiterRegistry, limitEnforcers, concurrencyLimiters,
				properties.getFailurePolicy(), routeOwnLimits.getIfAvailable(RouteOwnLimits::new));
	}

}
