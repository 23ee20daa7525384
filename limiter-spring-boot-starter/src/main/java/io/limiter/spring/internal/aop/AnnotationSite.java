package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

import io.limiter.spring.RateLimited;

/**
 * One {@link RateLimited} annotation on one method of a bean's class, as messages name it.
 * @param annotation the annotation
 * @param method the most specific method
 * @param targetClass the class of the bean
 */
record AnnotationSite(RateLimited annotation, Method method, Class<?> targetClass) {

	/**
	 * Returns the method as messages name it.
	 * @return such as {@code com.example.QuoteService#quote(String)}
	 */
	String methodName() {
		return this.targetClass.getName() + '#' + this.method.getName() + Arrays.stream(this.method.getParameterTypes())
			.map(Class::getSimpleName)
			.collect(Collectors.joining(", ", "(", ")"));
	}

	/**
	 * Returns a failure of this annotation.
	 * @param attribute the attribute at fault, or {@code null} when it is the method itself
	 * @param value the attribute's value, or {@code null} when there is no attribute
	 * @param reason why, a clause that reads after the attribute and its value
	 * @param cause the underlying failure, or {@code null}
	 * @return the exception, to throw
	 */
	InvalidRateLimitedException invalid(String attribute, Object value, String reason, Throwable cause) {
		return new InvalidRateLimitedException(methodName(), describe(), attribute,
				(attribute != null) ? String.valueOf(value) : null, reason,
				"Update the @RateLimited annotation on " + methodName() + ".", cause);
	}

	/**
	 * Returns a failure to enforce this annotation that lies outside it, in the application.
	 * @param reason why
	 * @param action what to do about it
	 * @return the exception, to throw
	 */
	InvalidRateLimitedException unenforced(String reason, String action) {
		return new InvalidRateLimitedException(methodName(), describe(), null, null, reason, action, null);
	}

	private String describe() {
		return "@RateLimited(limit = \"" + this.annotation.limit() + "\")";
	}

	/** Returns such as {@code @RateLimited(limit = "quote") on com.example.QuoteService#quote(String)}. */
	@Override
	public String toString() {
		return describe() + " on " + methodName();
	}

}
