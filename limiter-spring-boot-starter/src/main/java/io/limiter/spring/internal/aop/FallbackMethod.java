package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.Arrays;

import org.springframework.aop.support.AopUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import io.limiter.spring.RateLimitExceededException;

/**
 * The method called instead of a rate-limited one when its limit denies: same name in the same class, the
 * same parameters, optionally followed by the {@link RateLimitExceededException}.
 */
final class FallbackMethod {

	private final Method method;

	private final boolean takesException;

	private FallbackMethod(Method method, boolean takesException) {
		this.method = method;
		this.takesException = takesException;
	}

	/**
	 * Finds the fallback an annotation names.
	 * @param site the annotation and its method
	 * @return the fallback
	 * @throws InvalidRateLimitedException when the class has no such method, or its return type does not fit
	 */
	static FallbackMethod find(AnnotationSite site) {
		Method limited = site.method();
		Class<?> targetClass = site.targetClass();
		String name = site.annotation().fallbackMethod();
		Class<?>[] parameters = limited.getParameterTypes();
		Class<?>[] withException = Arrays.copyOf(parameters, parameters.length + 1);
		withException[parameters.length] = RateLimitExceededException.class;
		Method candidate = ReflectionUtils.findMethod(targetClass, name, withException);
		boolean takesException = candidate != null;
		if (candidate == null) {
			candidate = ReflectionUtils.findMethod(targetClass, name, parameters);
		}
		if (candidate == null) {
			throw site.invalid("fallbackMethod", name, targetClass.getName() + " has no method " + name
					+ " with the parameters " + Arrays.toString(parameters)
					+ ", optionally followed by RateLimitExceededException", null);
		}
		if (!ClassUtils.isAssignable(limited.getReturnType(), candidate.getReturnType())) {
			throw site.invalid("fallbackMethod", name, "its return type " + candidate.getReturnType().getName()
					+ " is not assignable to " + limited.getReturnType().getName(), null);
		}
		return new FallbackMethod(candidate, takesException);
	}

	Object invoke(Object target, Object[] arguments, RateLimitExceededException exception) throws Throwable {
		Object[] actual = arguments;
		if (this.takesException) {
			actual = Arrays.copyOf(arguments, arguments.length + 1);
			actual[arguments.length] = exception;
		}
		return AopUtils.invokeJoinpointUsingReflection(target, this.method, actual);
	}

}
