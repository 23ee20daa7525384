package io.limiter.spring.autoconfigure;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Role;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.env.Environment;

import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.aop.RateLimitedAspect;
import io.limiter.spring.internal.aop.RateLimitedBeans;
import io.limiter.spring.internal.aop.RateLimitedMethods;

/**
 * Auto-configuration of {@link io.limiter.spring.RateLimited}: the aspect, a Spring AOP advisor that Spring Boot's
 * auto-proxying applies with or without AspectJ on the class path, the limits of the annotated methods, and the
 * check that fails start-up when an annotation of a bean cannot be enforced.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnBean(LimitEnforcers.class)
public final class LimiterAspectAutoConfiguration {

	/**
	 * The aspect is made with the auto-proxy creator, before other beans, so it binds its order itself rather than
	 * depend on {@link LimiterProperties}, and asks for the methods' limits at the first call.
	 */
	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@ConditionalOnMissingBean
	static RateLimitedAspect limiterAspect(ObjectProvider<RateLimitedMethods> rateLimitedMethods,
			Environment environment) {
		int order = Binder.get(environment)
			.bind("limiter.aspect.order", Integer.class)
			.orElseGet(() -> new AspectSettings().getOrder());
		return new RateLimitedAspect(rateLimitedMethods::getObject, order);
	}

	@Bean
	@ConditionalOnMissingBean
	RateLimitedMethods limiterRateLimitedMethods(LimitEnforcers limitEnforcers,
			ConcurrencyLimiters concurrencyLimiters, BeanFactory beanFactory,
			ObjectProvider<ReactiveAdapterRegistry> reactiveAdapterRegistry) {
		return new RateLimitedMethods(limitEnforcers, concurrencyLimiters, new ExpressionContexts(beanFactory),
				SingleCandidate.of(reactiveAdapterRegistry, ReactiveAdapterRegistry.class,
						ReactiveAdapterRegistry::getSharedInstance));
	}

	@Bean
	static RateLimitedBeans limiterRateLimitedBeans(ObjectProvider<RateLimitedMethods> rateLimitedMethods) {
		return new RateLimitedBeans(rateLimitedMethods::getObject);
	}

}
