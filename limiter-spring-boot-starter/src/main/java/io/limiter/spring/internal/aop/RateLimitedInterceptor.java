package io.limiter.spring.internal.aop;

import java.util.function.Supplier;

import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;

import org.springframework.aop.support.AopUtils;
import org.springframework.util.ClassUtils;

/**
 * Enforces the limits of a method before it runs, or as its result is subscribed to.
 */
final class RateLimitedInterceptor implements MethodInterceptor {

	private final Supplier<RateLimitedMethods> methods;

	/**
	 * Creates the interceptor.
	 * @param methods the methods' limits, asked for at the first call
	 */
	RateLimitedInterceptor(Supplier<RateLimitedMethods> methods) {
		this.methods = methods;
	}

	@Override
	public Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		Class<?> targetClass = ClassUtils.getUserClass(AopUtils.getTargetClass(target));
		return this.methods.get().limits(invocation.getMethod(), targetClass).invoke(invocation, target);
	}

}
