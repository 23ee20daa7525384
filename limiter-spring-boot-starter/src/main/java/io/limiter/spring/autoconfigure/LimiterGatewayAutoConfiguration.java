package io.limiter.spring.autoconfigure;

import reactor.core.publisher.Mono;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.cloud.gateway.filter.ratelimit.AbstractRateLimiter;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Fallback;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.reactive.ServerWebExchangeContextFilter;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.gateway.RouteOwnLimits;
import io.limiter.spring.internal.gateway.webflux.ClientAddressKeyResolver;
import io.limiter.spring.internal.gateway.webflux.LimiterGatewayRateLimiter;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.reactive.ExchangeClientAddressResolver;

/**
 * Auto-configuration of Spring Cloud Gateway on WebFlux: a gateway {@code RateLimiter} named
 * {@value #RATE_LIMITER_BEAN_NAME} backed by Limiter, whose routes bind their settings from the
 * {@code RequestRateLimiter} filter arguments {@code limiter.*} ({@link GatewayLimitSettings}), and a
 * {@link KeyResolver} named {@value #KEY_RESOLVER_BEAN_NAME} that keys requests by client address as the filter
 * rules do. Runs before the gateway's own auto-configuration, so that its {@code RequestRateLimiter} filter sees the
 * rate limiter.
 * <p>
 * The gateway's filter takes the one {@code RateLimiter} injected by type as the rate limiter of the routes that name
 * none, and fails when there are several. So Limiter's is a fallback ({@link Fallback}): the default where it is the
 * only one, and beside any other (the gateway's {@code RedisRateLimiter} or {@code Bucket4jRateLimiter}, or the
 * application's own), whatever registers it and whenever, the other is the default, as
 * {@link GatewayDefaultRateLimiterReport} says at start-up, and routes choose Limiter's by name:
 * {@code rate-limiter: "#{@limiterRateLimiter}"}.
 * <p>
 * The gateway hands a rate limiter no request. So that the {@code LimitPlanResolver} of a limit with plans is given
 * the exchange, a {@link ServerWebExchangeContextFilter} (unless the application has one) puts it in the Reactor
 * context.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class,
		beforeName = "org.springframework.cloud.gateway.config.GatewayAutoConfiguration")
@ConditionalOnWebApplication(type = Type.REACTIVE)
@ConditionalOnClass({ AbstractRateLimiter.class, KeyResolver.class, Mono.class })
@ConditionalOnBooleanProperty(name = "spring.cloud.gateway.server.webflux.enabled", matchIfMissing = true)
@ConditionalOnBean(LimitEnforcers.class)
public final class LimiterGatewayAutoConfiguration {

	/** The name of the gateway rate limiter backed by Limiter. */
	public static final String RATE_LIMITER_BEAN_NAME = "limiterRateLimiter";

	/** The name of the key resolver by client address. */
	public static final String KEY_RESOLVER_BEAN_NAME = "limiterClientAddressKeyResolver";

	@Bean
	@ConditionalOnMissingBean
	RouteOwnLimits limiterRouteOwnLimits() {
		return new RouteOwnLimits();
	}

	/** The rate limiter, the gateway's default only where it is the only one. */
	@Bean(RATE_LIMITER_BEAN_NAME)
	@Fallback
	@ConditionalOnMissingBean(name = RATE_LIMITER_BEAN_NAME)
	LimiterGatewayRateLimiter<GatewayLimitSettings> limiterRateLimiter(RateLimiterRegistry registry,
			LimitEnforcers enforcers, ConfigurationService configurationService, LimiterProperties properties,
			RouteOwnLimits routeOwnLimits) {
		FilterSettings.Headers headers = properties.getFilter().getHeaders();
		return new LimiterGatewayRateLimiter<>(GatewayLimitSettings.class, configurationService,
				new GatewayRouteLimits(LimiterGatewayRateLimiter.CONFIGURATION_PROPERTY_NAME, registry, enforcers,
						routeOwnLimits),
				new RateLimitHeaders(headers.isEnabled(), headers.isLegacy()));
	}

	@Bean
	GatewayDefaultRateLimiterReport limiterGatewayDefaultRateLimiterReport(ConfigurableListableBeanFactory beans) {
		return new GatewayDefaultRateLimiterReport(beans);
	}

	/** Puts each exchange in the Reactor context, where the rate limiter finds it for the plan resolver. */
	@Bean
	@ConditionalOnMissingBean
	ServerWebExchangeContextFilter limiterExchangeContextFilter() {
		return new ServerWebExchangeContextFilter();
	}

	/**
	 * The key resolver by client address, which a route names ({@code key-resolver: "#{@limiterClientAddressKeyResolver}"});
	 * never injected by type, so that the gateway's default key resolver stays what it was.
	 */
	@Bean(name = KEY_RESOLVER_BEAN_NAME, defaultCandidate = false)
	@ConditionalOnMissingBean(name = KEY_RESOLVER_BEAN_NAME)
	ClientAddressKeyResolver limiterClientAddressKeyResolver(LimiterProperties properties, Environment environment) {
		FilterSettings filter = properties.getFilter();
		ForwardedHeaders forwarded = ForwardedHeaders.of(environment, true, filter);
		return new ClientAddressKeyResolver(
				new ExchangeClientAddressResolver(FilterRuleDefinitions.clients(filter, forwarded)),
				forwarded.untrusted());
	}

}
