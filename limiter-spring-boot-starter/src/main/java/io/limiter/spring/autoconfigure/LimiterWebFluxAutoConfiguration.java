package io.limiter.spring.autoconfigure;

import reactor.core.publisher.Mono;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.server.WebFilter;
import org.springframework.web.util.pattern.PathPattern;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.reactive.ConcurrencyLimitWebFilter;
import io.limiter.spring.internal.reactive.ExchangeClientAddressResolver;
import io.limiter.spring.internal.reactive.ExchangeKeyResolver;
import io.limiter.spring.internal.reactive.RateLimitWebFilter;
import io.limiter.spring.internal.reactive.ReactiveFutures;
import io.limiter.spring.internal.reactive.ReactiveRateLimitExceededHandler;
import io.limiter.spring.internal.reactive.ReactiveRateLimitResponses;

/**
 * Auto-configuration of the reactive side: the {@link WebFilter} of {@code limiter.filter.rules}, and the answer
 * of WebFlux to a {@link io.limiter.spring.RateLimitExceededException}. Needs no servlet API. The filter runs
 * after Spring Security's {@code WebFilterChainProxy}, or with {@code limiter.filter.before-security} just ahead of
 * it, where it also sees the requests that Security answers itself, such as failed logins.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnWebApplication(type = Type.REACTIVE)
@ConditionalOnClass({ WebFilter.class, Mono.class, PathPattern.class })
@ConditionalOnBean(LimitEnforcers.class)
public final class LimiterWebFluxAutoConfiguration {

	/**
	 * The order of Spring Security's {@code WebFilterChainProxy}: {@code WEB_FILTER_CHAIN_FILTER_ORDER} of Spring
	 * Security's {@code WebFluxSecurityConfiguration}, which no property changes.
	 */
	static final int SECURITY_WEB_FILTER_ORDER = -100;

	private static final FilterRuleDefinitions.Stack<ServerHttpRequest, ExchangeKeyResolver> REACTIVE =
			new FilterRuleDefinitions.Stack<>(true, (clients) -> new ExchangeClientAddressResolver(clients)::address,
					(setting, emptyKey, clients, contexts) -> ExchangeKeyResolver.of(setting, emptyKey,
							new ExchangeClientAddressResolver(clients), contexts));

	@Bean
	@ConditionalOnMissingBean
	ReactiveRateLimitResponses limiterReactiveResponses(LimiterProperties properties,
			ObjectProvider<ServerCodecConfigurer> codecs) {
		FilterSettings.Headers headers = properties.getFilter().getHeaders();
		return new ReactiveRateLimitResponses(headers.isEnabled(), headers.isLegacy(),
				() -> codecs.getIfAvailable(ServerCodecConfigurer::create).getWriters());
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "limiter.filter.enabled", matchIfMissing = true)
	RateLimitWebFilter limiterWebFilter(LimiterProperties properties, LimitEnforcers limitEnforcers,
			ConcurrencyLimiters concurrencyLimiters,
			ReactiveRateLimitResponses reactiveRateLimitResponses, BeanFactory beanFactory, Environment environment) {
		FilterSettings filter = properties.getFilter();
		FilterRuleDefinitions.Rules<ServerHttpRequest, ExchangeKeyResolver> rules = FilterRuleDefinitions.rules(filter,
				environment, REACTIVE, limitEnforcers, concurrencyLimiters, beanFactory);
		return new RateLimitWebFilter(rules.rules(), filter.getMatch() == FilterSettings.Match.FIRST,
				reactiveRateLimitResponses, FilterRuleDefinitions.order(filter, SECURITY_WEB_FILTER_ORDER),
				rules.contexts(), ReactiveFutures.of(limitEnforcers.backend()));
	}

	/**
	 * The filter of the rules that name concurrency limits, at the order of the rate-limit filter: which of the two
	 * runs first changes nothing, as an exchange that one denies returns the other's permits when it ends.
	 */
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty(name = "limiter.filter.enabled", matchIfMissing = true)
	ConcurrencyLimitWebFilter limiterConcurrencyWebFilter(LimiterProperties properties, LimitEnforcers limitEnforcers,
			ConcurrencyLimiters concurrencyLimiters, ReactiveRateLimitResponses reactiveRateLimitResponses,
			BeanFactory beanFactory, Environment environment) {
		FilterSettings filter = properties.getFilter();
		FilterRuleDefinitions.Rules<ServerHttpRequest, ExchangeKeyResolver> rules = FilterRuleDefinitions.rules(filter,
				environment, REACTIVE, limitEnforcers, concurrencyLimiters, beanFactory);
		return new ConcurrencyLimitWebFilter(rules.concurrencyRules(), filter.getMatch() == FilterSettings.Match.FIRST,
				reactiveRateLimitResponses, FilterRuleDefinitions.order(filter, SECURITY_WEB_FILTER_ORDER),
				rules.contexts(), ReactiveFutures.of(limitEnforcers.backend()));
	}

	@Bean
	@ConditionalOnMissingBean
	ReactiveRateLimitExceededHandler limiterReactiveExceededHandler(RateLimiterRegistry rateLimiterRegistry,
			ReactiveRateLimitResponses reactiveRateLimitResponses) {
		return new ReactiveRateLimitExceededHandler(rateLimiterRegistry, reactiveRateLimitResponses);
	}

}
