package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.Arrays;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.MethodParameter;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import io.limiter.spring.RateLimitExceededException;

/**
 * The method called instead of a rate-limited one when its limit denies: same name in the same class, the
 * same parameters, optionally followed by the {@link RateLimitExceededException}. The fallback of a Kotlin
 * suspending function is a suspending function too: its Java parameters are the limited function's without the last
 * (the {@code Continuation}), optionally the exception, then the {@code Continuation}; it runs in the caller's
 * coroutine, and its Kotlin return type is assignable to the limited function's.
 */
final class FallbackMethod {

	private final Method method;

	private final boolean takesException;

	private final boolean suspending;

	private FallbackMethod(Method method, boolean takesException, boolean suspending) {
		this.method = method;
		this.takesException = takesException;
		this.suspending = suspending;
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
		boolean suspending = MethodResult.isSuspending(limited);
		Method candidate = ReflectionUtils.findMethod(targetClass, name,
				withException(parameters, RateLimitExceededException.class, suspending));
		boolean takesException = candidate != null;
		if (candidate == null) {
			candidate = ReflectionUtils.findMethod(targetClass, name, parameters);
		}
		if (candidate == null) {
			throw site.invalid("fallbackMethod", name, targetClass.getName() + " has no method " + name
					+ " with the parameters " + Arrays.toString(parameters)
					+ ", optionally followed by RateLimitExceededException"
					+ (suspending ? " before the Continuation (a suspending function's fallback is suspending too)"
							: ""), null);
		}
		Class<?> limitedType = returnType(limited, suspending);
		Class<?> fallbackType = returnType(candidate, suspending);
		if (!ClassUtils.isAssignable(limitedType, fallbackType)) {
			throw site.invalid("fallbackMethod", name, "its return type " + fallbackType.getName()
					+ " is not assignable to " + limitedType.getName(), null);
		}
		return new FallbackMethod(candidate, takesException, suspending);
	}

	/**
	 * Returns the parameters (or arguments) of a fallback that takes the exception: last, or before the
	 * {@code Continuation} of a suspending one.
	 */
	private static <T> T[] withException(T[] parameters, T exception, boolean suspending) {
		T[] withException = Arrays.copyOf(parameters, parameters.length + 1);
		int at = suspending ? parameters.length - 1 : parameters.length;
		withException[at] = exception;
		System.arraycopy(parameters, at, withException, at + 1, parameters.length - at);
		return withException;
	}

	/** The return type a caller sees: a suspending function's Kotlin one (its Java one is {@code Object}). */
	private static Class<?> returnType(Method method, boolean suspending) {
		return suspending ? new MethodParameter(method, -1).getParameterType() : method.getReturnType();
	}

	/**
	 * Calls the fallback; a suspending one gives a {@code Mono} of its value (through Spring's AOP), to be awaited
	 * by the limited function's caller.
	 */
	Object invoke(Object target, Object[] arguments, RateLimitExceededException exception) throws Throwable {
		Object[] actual = arguments;
		if (this.takesException) {
			actual = withException(arguments, exception, this.suspending);
		}
		return AopUtils.invokeJoinpointUsingReflection(target, this.method, actual);
	}

}
