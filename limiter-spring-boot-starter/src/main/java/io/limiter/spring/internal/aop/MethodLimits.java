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
		List<RateLimited> annotations = new ArrayList<>(
				AnnotatedElementUtils.findMergedRepeatableAnnotations(targetClass, RateLimited.class, RateLimits.class));
		annotations.addAll(
				AnnotatedElementUtils.findMergedRepeatableAnnotations(specific, RateLimited.class, RateLimits.class));
		List<MethodLimit> limits = new ArrayList<>();
		for (RateLimited annotation : annotations) {
			limits.add(resolve(annotation, specific, targetClass, enforcers));
		}
		return new MethodLimits(specific, limits);
	}

	private static MethodLimit resolve(RateLimited annotation, Method method, Class<?> targetClass,
			LimitEnforcers enforcers) {
		String where = "@RateLimited(limit = \"" + annotation.limit() + "\") on " + method.toGenericString();
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
		return new MethodLimit(enforcer, key, constantKey, annotation.cost(), fallback);
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
		return (value != null) ? value.toString() : "";
	}

	private record MethodLimit(LimitEnforcer enforcer, Expression key, String constantKey, long cost,
			FallbackMethod fallback) {
	}

}
