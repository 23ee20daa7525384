package io.limiter.spring.autoconfigure;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.util.pattern.PathPattern;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.web.ClientAddressResolver;
import io.limiter.spring.internal.web.CommittedFailureResolver;
import io.limiter.spring.internal.web.ConcurrencyLimitFilter;
import io.limiter.spring.internal.web.RateLimitExceededHandler;
import io.limiter.spring.internal.web.RateLimitFilter;
import io.limiter.spring.internal.web.RateLimitResponses;
import io.limiter.spring.internal.web.RequestKeyResolver;

/**
 * Auto-configuration of the servlet side: the filter of {@code limiter.filter.rules}, the exception resolver that
 * lets its {@code count-on} rules count an answer that breaks off after it was committed, and the answer of Spring
 * MVC to a {@link io.limiter.spring.RateLimitExceededException}. The filter runs after Spring Security's filter
 * chain, or with {@code limiter.filter.before-security} just ahead of it, where it also sees the requests that
 * Security answers itself, such as failed logins.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnClass(PathPattern.class)
@ConditionalOnBean(LimitEnforcers.class)
public final class LimiterWebAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RateLimitResponses limiterResponses(LimiterProperties properties, BeanFactory beans) {
		FilterSettings.Headers headers = properties.getFilter().getHeaders();
		return new RateLimitResponses(headers.isEnabled(), headers.isLegacy(), () -> ServerMessageConverters.of(beans));
	}

	/** The filter's help in Spring MVC, where an answer that breaks off after its commit is otherwise ended whole. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
	@ConditionalOnBooleanProperty(name = "limiter.filter.enabled", matchIfMissing = true)
	static class CommittedFailures {

		@Bean
		@ConditionalOnMissingBean
		CommittedFailureResolver limiterCommittedFailureResolver() {
			return new CommittedFailureResolver();
		}

	}

	/**
	 * The order of Spring Security's filter chain when {@value #SECURITY_FILTER_ORDER_PROPERTY} is not set:
	 * {@code SecurityFilterProperties.DEFAULT_FILTER_ORDER} of Spring Boot's security module.
	 */
	static final int DEFAULT_SECURITY_FILTER_ORDER = -100;

	static final String SECURITY_FILTER_ORDER_PROPERTY = "spring.security.filter.order";

	private static final FilterRuleDefinitions.Stack<HttpServletRequest, RequestKeyResolver> SERVLET =
			new FilterRuleDefinitions.Stack<>(false, (clients) -> new ClientAddressResolver(clients)::address,
					(setting, emptyKey, clients, contexts) -> RequestKeyResolver.of(setting, emptyKey,
							new ClientAddressResolver(clients), contexts));

	@Bean
	@ConditionalOnMissingBean(name = "limiterFilterRegistration")
	@ConditionalOnBooleanProperty(name = "limiter.filter.enabled", matchIfMissing = true)
	FilterRegistrationBean<RateLimitFilter> limiterFilterRegistration(LimiterProperties properties,
			LimitEnforcers limitEnforcers, ConcurrencyLimiters concurrencyLimiters,
			RateLimitResponses rateLimitResponses, Environment environment, BeanFactory beanFactory) {
		FilterSettings filter = properties.getFilter();
		FilterRuleDefinitions.Rules<HttpServletRequest, RequestKeyResolver> rules = FilterRuleDefinitions.rules(filter,
				environment, SERVLET, limitEnforcers, concurrencyLimiters, beanFactory);
		RateLimitFilter rateLimitFilter = new RateLimitFilter(rules.rules(),
				filter.getMatch() == FilterSettings.Match.FIRST, rateLimitResponses, rules.contexts());
		FilterRegistrationBean<RateLimitFilter> registration = new FilterRegistrationBean<>(rateLimitFilter);
		registration.setName("limiterRateLimitFilter");
		registration.setOrder(FilterRuleDefinitions.order(filter,
				environment.getProperty(SECURITY_FILTER_ORDER_PROPERTY, Integer.class, DEFAULT_SECURITY_FILTER_ORDER)));
		registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
		return registration;
	}

	/**
	 * The filter of the rules that name concurrency limits, at the order of the rate-limit filter: which of the two
	 * runs first changes nothing, as a request that one denies returns the other's permits when the chain returns.
	 */
	@Bean
	@ConditionalOnMissingBean(name = "limiterConcurrencyFilterRegistration")
	@ConditionalOnBooleanProperty(name = "limiter.filter.enabled", matchIfMissing = true)
	FilterRegistrationBean<ConcurrencyLimitFilter> limiterConcurrencyFilterRegistration(LimiterProperties properties,
			LimitEnforcers limitEnforcers, ConcurrencyLimiters concurrencyLimiters,
			RateLimitResponses rateLimitResponses, Environment environment, BeanFactory beanFactory) {
		FilterSettings filter = properties.getFilter();
		FilterRuleDefinitions.Rules<HttpServletRequest, RequestKeyResolver> rules = FilterRuleDefinitions.rules(filter,
				environment, SERVLET, limitEnforcers, concurrencyLimiters, beanFactory);
		ConcurrencyLimitFilter concurrencyFilter = new ConcurrencyLimitFilter(rules.concurrencyRules(),
				filter.getMatch() == FilterSettings.Match.FIRST, rateLimitResponses, rules.contexts());
		FilterRegistrationBean<ConcurrencyLimitFilter> registration = new FilterRegistrationBean<>(concurrencyFilter);
		registration.setName("limiterConcurrencyLimitFilter");
		registration.setOrder(FilterRuleDefinitions.order(filter,
				environment.getProperty(SECURITY_FILTER_ORDER_PROPERTY, Integer.class, DEFAULT_SECURITY_FILTER_ORDER)));
		registration.setDispatcherTypes(DispatcherType.REQUEST);
		return registration;
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
	RateLimitExceededHandler limiterExceededHandler(RateLimiterRegistry rateLimiterRegistry,
			RateLimitResponses rateLimitResponses) {
		return new RateLimitExceededHandler(rateLimiterRegistry, rateLimitResponses);
	}

}
