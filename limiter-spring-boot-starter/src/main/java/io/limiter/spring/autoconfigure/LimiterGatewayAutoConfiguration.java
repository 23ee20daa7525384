package io.limiter.spring.autoconfigure;

import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.cloud.gateway.filter.ratelimit.AbstractRateLimiter;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.gateway.RouteOwnLimits;
import io.limiter.spring.internal.gateway.webflux.ClientAddressKeyResolver;
import io.limiter.spring.internal.reactive.ExchangeClientAddressResolver;

/**
 * Auto-configuration of Spring Cloud Gateway on WebFlux: a gateway {@code RateLimiter} named
 * {@value GatewayRateLimiterConfigurations#BEAN_NAME} backed by Limiter, whose routes bind their settings from the
 * {@code RequestRateLimiter} filter arguments {@code limiter.*} ({@link GatewayLimitSettings}), and a
 * {@link KeyResolver} named {@value #KEY_RESOLVER_BEAN_NAME} that keys requests by client address as the filter
 * rules do. Runs before the gateway's own auto-configuration, so that its {@code RequestRateLimiter} filter sees the
 * rate limiter, and after its Redis auto-configuration, so that it sees {@code RedisRateLimiter} (see
 * {@link GatewayRateLimiterConfigurations} for which is the default).
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class,
		afterName = "org.springframework.cloud.gateway.config.GatewayRedisAutoConfiguration",
		beforeName = "org.springframework.cloud.gateway.config.GatewayAutoConfiguration")
@ConditionalOnWebApplication(type = Type.REACTIVE)
@ConditionalOnClass({ AbstractRateLimiter.class, KeyResolver.class, Mono.class })
@ConditionalOnBooleanProperty(name = "spring.cloud.gateway.server.webflux.enabled", matchIfMissing = true)
@ConditionalOnBean(LimitEnforcers.class)
@Import({ GatewayRateLimiterConfigurations.BesideAnotherRateLimiter.class,
		GatewayRateLimiterConfigurations.TheOnlyRateLimiter.class })
public final class LimiterGatewayAutoConfiguration {

	/** The name of the key resolver by client address. */
	public static final String KEY_RESOLVER_BEAN_NAME = "limiterClientAddressKeyResolver";

	@Bean
	@ConditionalOnMissingBean
	RouteOwnLimits limiterRouteOwnLimits() {
		return new RouteOwnLimits();
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
