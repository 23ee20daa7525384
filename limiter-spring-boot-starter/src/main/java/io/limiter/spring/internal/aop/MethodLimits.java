package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.aspectj.lang.ProceedingJoinPoint;

import org.springframework.aop.support.AopUtils;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.RateLimits;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.Verdict;

/**
 * The resolved {@link RateLimited} annotations of one method of one class: those of the class first, then
 * those of the method, each with its parsed key expression and fallback.
 */
final class MethodLimits {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

	private final Method method;

	private final List<MethodLimit> limits;

	private MethodLimits(Method method, List<MethodLimit> limits) {
		this.method = method;
		this.limits = limits;
	}

	static MethodLimits resolve(Method method, Class<?> targetClass, LimitEnforcers enforcers) {
		Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
		List<MethodLimit> limits = new ArrayList<>();
		for (RateLimited annotation : annotations(specific, targetClass)) {
			limits.add(resolve(annotation, specific, targetClass, enforcers));
		}
		return new MethodLimits(specific, limits);
	}

	/**
	 * Returns the annotations that apply to a method: those of its class first, then its own.
	 * @param method the most specific method
	 * @param targetClass the class of the bean
	 * @return the annotations, possibly none
	 */
	static List<RateLimited> annotations(Method method, Class<?> targetClass) {
		List<RateLimited> annotations = new ArrayList<>(
				AnnotatedElementUtils.findMergedRepeatableAnnotations(targetClass, RateLimited.class, RateLimits.class));
		annotations.addAll(
				AnnotatedElementUtils.findMergedRepeatableAnnotations(method, RateLimited.class, RateLimits.class));
		return annotations;
	}

	/**
	 * Returns how messages name an annotation on a method.
	 * @param annotation the annotation
	 * @param method the method
	 * @return such as {@code @RateLimited(limit = "quote") on public String QuoteService.quote(String)}
	 */
	static String where(RateLimited annotation, Method method) {
		return "@RateLimited(limit = \"" + annotation.limit() + "\") on " + method.toGenericString();
	}

	private static MethodLimit resolve(RateLimited annotation, Method method, Class<?> targetClass,
			LimitEnforcers enforcers) {
		String where = where(annotation, method);
		LimitEnforcer enforcer;
		Expression key = null;
		try {
			enforcer = enforcers.get(annotation.limit());
			if (!annotation.key().isBlank()) {
				key = PARSER.parseExpression(annotation.key());
			}
		}
		catch (IllegalArgumentException | ParseException ex) {
			throw new IllegalStateException(where + " is invalid: " + ex.getMessage(), ex);
		}
		if (annotation.cost() < 1) {
			throw new IllegalStateException(where + " has cost " + annotation.cost() + "; it must be at least 1");
		}
		try {
			enforcer.requireCapacity(annotation.cost(), where);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException(ex.getMessage(), ex);
		}
		FallbackMethod fallback = annotation.fallbackMethod().isEmpty() ? null
				: FallbackMethod.find(method, targetClass, annotation.fallbackMethod(), where);
		String constantKey = targetClass.getName() + '.' + method.getName();
		if (key != null) {
			KeyCheck.checkDeclared(annotation, method);
		}
		return new MethodLimit(enforcer, key, constantKey, annotation.cost(), fallback,
				KeyCheck.where(annotation, method));
	}

	Object invoke(ProceedingJoinPoint joinPoint, Object target) throws Throwable {
		Object[] arguments = joinPoint.getArgs();
		for (MethodLimit limit : this.limits) {
			Verdict verdict = limit.enforcer().enforce(key(limit, target, arguments), limit.cost());
			if (!verdict.allowed()) {
				RateLimitExceededException exception = new RateLimitExceededException(verdict.limitName(),
						verdict.decision());
				if (limit.fallback() == null) {
					throw exception;
				}
				return limit.fallback().invoke(target, arguments, exception);
			}
		}
		return joinPoint.proceed();
	}

	private String key(MethodLimit limit, Object target, Object[] arguments) {
		if (limit.key() == null) {
			return limit.constantKey();
		}
		Object value = limit.key()
			.getValue(new MethodBasedEvaluationContext(target, this.method, arguments, PARAMETER_NAMES));
		if (value == null) {
			return "";
		}
		KeyCheck.checkValue(value, limit.where());
		return value.toString();
	}

	private record MethodLimit(LimitEnforcer enforcer, Expression key, String constantKey, long cost,
			FallbackMethod fallback, String where) {
	}

}
