package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import io.limiter.spring.RateLimited;

/**
 * Fails start-up when a {@link RateLimited} method's key or skip condition is not valid SpEL, its count settings
 * disagree, or its key names a parameter whose declared type has no {@code toString()} of its own, so that such a
 * limit does not wait for its first call to be found. Keys whose type only a call shows are checked at the call.
 */
public final class RateLimitedKeyCheck implements BeanPostProcessor {

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		Class<?> type = ClassUtils.getUserClass(bean);
		if (AnnotationUtils.isCandidateClass(type, RateLimited.class)) {
			ReflectionUtils.doWithMethods(type, (method) -> check(method, type), ReflectionUtils.USER_DECLARED_METHODS);
		}
		return bean;
	}

	private static void check(Method method, Class<?> type) {
		if (Modifier.isPrivate(method.getModifiers()) || Modifier.isStatic(method.getModifiers())) {
			return;
		}
		for (RateLimited annotation : MethodLimit.annotations(method, type)) {
			MethodLimit.check(annotation, method);
		}
	}

}
