package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;

import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ReflectionUtils;

import io.limiter.spring.RateLimited;
import io.limiter.spring.RateLimits;

/**
 * The methods of a class that {@link RateLimited} applies to ({@link MethodLimit#annotations}), and the check
 * that a Spring AOP proxy can apply it to each: a proxy never sees a call of a private or static method, and when
 * it is a subclass of the bean's class (Spring Boot's default, {@code spring.aop.proxy-target-class=true}, and
 * always for a class without interfaces) it cannot override a final method, nor any of a final class.
 */
final class LimitedMethods {

	private LimitedMethods() {
	}

	/**
	 * Returns the methods of a class that carry {@link RateLimited}, or whose class does.
	 * @param type the class of a bean
	 * @return the most specific methods, possibly none
	 */
	static List<Method> of(Class<?> type) {
		if (!isCandidate(type)) {
			return List.of();
		}
		return List.of(ReflectionUtils.getUniqueDeclaredMethods(type,
				(method) -> !method.isBridge() && !method.isSynthetic()
						&& !MethodLimit.annotations(method, type).isEmpty()));
	}

	/**
	 * Returns whether a class may carry {@link RateLimited}: {@code false} for the JDK's, for instance.
	 * @param type a class
	 * @return whether to look at its methods
	 */
	static boolean isCandidate(Class<?> type) {
		return AnnotationUtils.isCandidateClass(type, RateLimited.class)
				|| AnnotationUtils.isCandidateClass(type, RateLimits.class);
	}

	/**
	 * Returns the first annotation of a limited method, to name it in messages.
	 * @param type the class of a bean
	 * @param method one of its limited methods
	 * @return the annotation and its method
	 */
	static AnnotationSite site(Class<?> type, Method method) {
		return new AnnotationSite(MethodLimit.annotations(method, type).get(0), method, type);
	}

	/**
	 * Checks that a proxy can apply the limits of every limited method of a class.
	 * @param type the class of a bean
	 * @param methods its limited methods
	 * @param subclassed whether the proxy of the bean is a subclass of its class
	 * @throws InvalidRateLimitedException naming the first method a proxy cannot apply its limits to
	 */
	static void checkInterceptable(Class<?> type, List<Method> methods, boolean subclassed) {
		for (Method method : methods) {
			String reason = uninterceptable(type, method, subclassed);
			if (reason != null) {
				AnnotationSite site = site(type, method);
				throw site.unenforced(reason + ", so the limit would never apply",
						"Make " + site.methodName() + " a public or protected instance method of a class that is not "
								+ "final, and not final itself.");
			}
		}
	}

	private static String uninterceptable(Class<?> type, Method method, boolean subclassed) {
		int modifiers = method.getModifiers();
		if (Modifier.isPrivate(modifiers)) {
			return "it is private, and a private method is called directly, never through the Spring proxy";
		}
		if (Modifier.isStatic(modifiers)) {
			return "it is static, and a static method is called directly, never through the Spring proxy";
		}
		if (!subclassed) {
			return null;
		}
		if (Modifier.isFinal(type.getModifiers())) {
			return "its class is final, and Spring AOP applies limits through a subclass of the bean's class";
		}
		if (Modifier.isFinal(modifiers)) {
			return "it is final, and the Spring proxy (a subclass of the bean's class) cannot override it";
		}
		return null;
	}

}
