package io.limiter.spring.internal.aop;

import java.util.function.Supplier;

import org.aopalliance.aop.Advice;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;
import org.springframework.util.function.SingletonSupplier;

import io.limiter.spring.RateLimited;

/**
 * Enforces {@link RateLimited} on methods and classes: a Spring AOP advisor that any auto-proxy creator applies
 * (Spring Boot's, with or without AspectJ on the class path), ordered among the advice of a method. The limits of
 * each method are resolved once by {@link RateLimitedMethods}, which {@link RateLimitedBeans} fills at start-up.
 */
public final class RateLimitedAspect extends AbstractPointcutAdvisor {

	private static final long serialVersionUID = 1L;

	private final transient Pointcut pointcut = new RateLimitedPointcut();

	private final transient Advice advice;

	/**
	 * Creates the aspect.
	 * @param methods the methods' limits, asked for at the first call, so that the aspect, made before other
	 * beans, does not make the limits early
	 * @param order the aspect's order among the advice of a method (lower runs first, outside)
	 */
	public RateLimitedAspect(Supplier<RateLimitedMethods> methods, int order) {
		this.advice = new RateLimitedInterceptor(SingletonSupplier.of(methods));
		setOrder(order);
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

	@Override
	public Advice getAdvice() {
		return this.advice;
	}

}
