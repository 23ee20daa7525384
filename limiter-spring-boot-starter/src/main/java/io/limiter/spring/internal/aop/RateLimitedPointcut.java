package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;

import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Matches the methods that {@link io.limiter.spring.RateLimited} applies to, found as the aspect reads them
 * ({@link MethodLimit#annotations}): on the method, on a method it overrides or implements, or on its class, a
 * superclass or an interface for public methods.
 */
final class RateLimitedPointcut extends StaticMethodMatcherPointcut {

	RateLimitedPointcut() {
		setClassFilter(LimitedMethods::isCandidate);
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
		return !MethodLimit.annotations(specific, targetClass).isEmpty();
	}

}
