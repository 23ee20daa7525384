package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.List;

import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.util.ReflectionUtils;

import io.limiter.spring.RateLimited;

/**
 * What a native image needs to enforce {@link RateLimited} on a bean, found ahead of time for each bean whose class
 * has limited methods ({@link LimitedMethods}, as at start-up): each limited method (its annotations and parameter
 * names, which the SpEL keys name as {@code #id}), the public methods of its parameter types (which the keys read,
 * such as {@code #order.customerId}) and every method named as a fallback (called by reflection). Spring AOT finds it
 * in {@code META-INF/spring/aot.factories}.
 */
public final class RateLimitedBeansAotProcessor implements BeanRegistrationAotProcessor {

	@Override
	public BeanRegistrationAotContribution processAheadOfTime(RegisteredBean bean) {
		Class<?> type = bean.getBeanClass();
		List<Method> methods = LimitedMethods.of(type);
		if (methods.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> register(generationContext.getRuntimeHints().reflection(), type,
				methods);
	}

	private static void register(ReflectionHints hints, Class<?> type, List<Method> methods) {
		for (Method method : methods) {
			hints.registerMethod(method, ExecutableMode.INVOKE);
			for (Class<?> parameter : method.getParameterTypes()) {
				if (!parameter.isPrimitive()) {
					hints.registerType(parameter, MemberCategory.INVOKE_PUBLIC_METHODS);
				}
			}
			for (RateLimited annotation : MethodLimit.annotations(method, type)) {
				String fallback = annotation.fallbackMethod();
				if (!fallback.isEmpty()) {
					ReflectionUtils.doWithMethods(type,
							(candidate) -> hints.registerMethod(candidate, ExecutableMode.INVOKE),
							(candidate) -> candidate.getName().equals(fallback));
				}
			}
		}
	}

}
