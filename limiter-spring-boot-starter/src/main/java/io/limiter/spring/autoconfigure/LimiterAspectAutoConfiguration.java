package io.limiter.spring.autoconfigure;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.aop.RateLimitedAspect;
import io.limiter.spring.internal.aop.RateLimitedKeyCheck;

/**
 * Auto-configuration of the {@link io.limiter.spring.RateLimited} aspect, when AspectJ is on the class path
 * (for example through {@code spring-boot-starter-aspectj}).
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnClass(name = "org.aspectj.weaver.Advice")
@ConditionalOnBean(LimitEnforcers.class)
public final class LimiterAspectAutoConfiguration {

	@Bean
	static RateLimitedKeyCheck rateLimitedKeyCheck() {
		return new RateLimitedKeyCheck();
	}

	@Bean
	@ConditionalOnMissingBean
	RateLimitedAspect rateLimitedAspect(LimitEnforcers limitEnforcers, LimiterProperties properties,
			BeanFactory beanFactory) {
		return new RateLimitedAspect(limitEnforcers, properties.getAspect().getOrder(),
				new ExpressionContexts(beanFactory));
	}

}
