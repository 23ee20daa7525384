package io.limiter.spring.autoconfigure;

import java.util.Arrays;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.gateway.RouteOwnLimits;
import io.limiter.spring.internal.gateway.webflux.LimiterGatewayRateLimiter;
import io.limiter.spring.internal.http.RateLimitHeaders;

/**
 * The gateway {@code RateLimiter} backed by Limiter, and whether it is the gateway's default. The gateway's
 * {@code RequestRateLimiter} filter takes the one {@code RateLimiter} bean that is injected by type as the rate
 * limiter of the routes that name none, and fails when there are several. So the starter's is that default only
 * when the application has no other (such as the gateway's {@code RedisRateLimiter}, made where the application has
 * a reactive Redis template); beside another it is no candidate for injection by type, which leaves the other the
 * default, and routes choose it by name: {@code rate-limiter: "#{@limiterRateLimiter}"}, as start-up says.
 */
final class GatewayRateLimiterConfigurations {

	/** The name of the rate limiter. */
	static final String BEAN_NAME = "limiterRateLimiter";

	private static final Log logger = LogFactory.getLog(GatewayRateLimiterConfigurations.class);

	private GatewayRateLimiterConfigurations() {
	}

	private static LimiterGatewayRateLimiter<GatewayLimitSettings> rateLimiter(RateLimiterRegistry registry,
			LimitEnforcers enforcers, ConfigurationService configurationService, LimiterProperties properties,
			RouteOwnLimits routeOwnLimits) {
		FilterSettings.Headers headers = properties.getFilter().getHeaders();
		return new LimiterGatewayRateLimiter<>(GatewayLimitSettings.class, configurationService,
				new GatewayRouteLimits(LimiterGatewayRateLimiter.CONFIGURATION_PROPERTY_NAME, registry, enforcers,
						routeOwnLimits),
				new RateLimitHeaders(headers.isEnabled(), headers.isLegacy()));
	}

	/** The rate limiter beside another, which stays the gateway's default. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(RateLimiter.class)
	static final class BesideAnotherRateLimiter {

		@Bean(name = BEAN_NAME, defaultCandidate = false)
		LimiterGatewayRateLimiter<GatewayLimitSettings> limiterRateLimiter(RateLimiterRegistry registry,
				LimitEnforcers enforcers, ConfigurationService configurationService, LimiterProperties properties,
				RouteOwnLimits routeOwnLimits, ListableBeanFactory beans) {
			List<String> others = Arrays.stream(beans.getBeanNamesForType(RateLimiter.class, true, false))
				.filter((name) -> !name.equals(BEAN_NAME))
				.toList();
			logger.info("Limiter's gateway RateLimiter '" + BEAN_NAME + "' is not the gateway's default, which stays "
					+ others + ": a route chooses it with the RequestRateLimiter argument rate-limiter: \"#{@"
					+ BEAN_NAME + "}\"");
			return rateLimiter(registry, enforcers, configurationService, properties, routeOwnLimits);
		}

	}

	/** The rate limiter as the only one, the gateway's default. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean(value = RateLimiter.class, name = BEAN_NAME)
	static final class TheOnlyRateLimiter {

		@Bean(BEAN_NAME)
		LimiterGatewayRateLimiter<GatewayLimitSettings> limiterRateLimiter(RateLimiterRegistry registry,
				LimitEnforcers enforcers, ConfigurationService configurationService, LimiterProperties properties,
				RouteOwnLimits routeOwnLimits) {
			return rateLimiter(registry, enforcers, configurationService, properties, routeOwnLimits);
		}

	}

}
