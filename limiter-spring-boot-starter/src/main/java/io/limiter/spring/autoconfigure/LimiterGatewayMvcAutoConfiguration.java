package io.limiter.spring.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.cloud.gateway.server.mvc.filter.FilterSupplier;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.gateway.mvc.LimiterFilterFunctions;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.gateway.RouteOwnLimits;
import io.limiter.spring.internal.gateway.mvc.GatewayMvcLimiting;
import io.limiter.spring.internal.web.ClientAddressResolver;
import io.limiter.spring.internal.web.RateLimitResponses;

/**
 * Auto-configuration of Limiter for Spring Cloud Gateway on Spring MVC: what the filter functions of
 * {@link LimiterFilterFunctions} take from the application context (the limits, the writer of headers and denials of
 * the servlet filter, the client address by {@code limiter.filter.trusted-proxies}), and the filter
 * {@code LimiterRateLimit} of properties routes, whose settings are checked at start-up.
 */
@AutoConfiguration(after = LimiterWebAutoConfiguration.class)
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnClass(FilterSupplier.class)
@ConditionalOnBean({ LimitEnforcers.class, RateLimitResponses.class })
public final class LimiterGatewayMvcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RouteOwnLimits limiterRouteOwnLimits() {
		return new RouteOwnLimits();
	}

	@Bean
	@ConditionalOnMissingBean
	GatewayMvcLimiting limiterGatewayMvcLimiting(LimitEnforcers limitEnforcers, RateLimiterRegistry registry,
			RateLimitResponses rateLimitResponses, LimiterProperties properties, Environment environment,
			RouteOwnLimits routeOwnLimits) {
		FilterSettings filter = properties.getFilter();
		ClientAddressResolver clients = new ClientAddressResolver(
				FilterRuleDefinitions.clients(filter, ForwardedHeaders.of(environment, false, filter)));
		return new GatewayMvcLimiting(
				new GatewayRouteLimits(LimiterFilterFunctions.FILTER_NAME, registry, limitEnforcers, routeOwnLimits),
				rateLimitResponses, clients);
	}

	@Bean
	@ConditionalOnMissingBean
	LimiterFilterFunctions.FilterSupplier limiterFilterFunctionsSupplier() {
		return new LimiterFilterFunctions.FilterSupplier();
	}

	@Bean
	static GatewayMvcRouteCheck limiterGatewayMvcRouteCheck() {
		return new GatewayMvcRouteCheck();
	}

}
