package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.RateLimited.Count;
import io.limiter.spring.RateLimits;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.SkipCondition;

/**
 * One {@link RateLimited} annotation of a method, read and checked once when the method is first called: its
 * limit's enforcer, parsed key and skip condition, cost, fallback and which outcomes count.
 * @param enforcer the enforcer of the annotation's limit
 * @param key the parsed key expression, or {@code null} for the method's constant key
 * @param constantKey the key when there is no expression: the class and method name
 * @param cost the permits a call takes
 * @param fallback the method called instead when the limit denies, or {@code null} to throw
 * @param where how key messages name the annotation
 * @param skipIf the condition under which a call is not limited
 * @param counts which outcomes of a call count, or {@code null} when every call counts when it starts
 */
record MethodLimit(LimitEnforcer enforcer, Expression key, String constantKey, long cost, FallbackMethod fallback,
		String where, SkipCondition skipIf, Predicate<Throwable> counts) {

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

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

	/**
	 * Checks what an annotation says without its limit: its key and condition parse, its key names a value that
	 * has a text of its own where the declared types show it, and its count settings agree.
	 * @param annotation the annotation
	 * @param method the method
	 * @throws IllegalStateException naming the annotation, the method, the attribute and its value
	 */
	static void check(RateLimited annotation, Method method) {
		expression(annotation, method, "key", annotation.key());
		expression(annotation, method, "skipIf", annotation.skipIf());
		counts(annotation, method);
		if (!annotation.key().isBlank()) {
			KeyCheck.checkDeclared(annotation, method);
		}
	}

	static MethodLimit resolve(RateLimited annotation, Method method, Class<?> targetClass,
			LimitEnforcers enforcers) {
		String where = where(annotation, method);
		LimitEnforcer enforcer;
		try {
			enforcer = enforcers.get(annotation.limit());
		}
		catch (IllegalArgumentException ex) {
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
		Expression key = expression(annotation, method, "key", annotation.key());
		if (key != null) {
			KeyCheck.checkDeclared(annotation, method);
		}
		Expression skipIf = expression(annotation, method, "skipIf", annotation.skipIf());
		return new MethodLimit(enforcer, key, constantKey, annotation.cost(), fallback,
				KeyCheck.where(annotation, method),
				new SkipCondition(skipIf, where + " skipIf"), counts(annotation, method));
	}

	private static Expression expression(RateLimited annotation, Method method, String attribute, String text) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return PARSER.parseExpression(text);
		}
		catch (ParseException ex) {
			throw new IllegalStateException(where(annotation, method) + " has an invalid " + attribute + " \"" + text
					+ "\": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Returns which outcomes of a call count, or {@code null} when every call counts when it starts.
	 */
	private static Predicate<Throwable> counts(RateLimited annotation, Method method) {
		List<Class<? extends Throwable>> types = List.of(annotation.countOn());
		if (!types.isEmpty() && annotation.count() == Count.SUCCESS) {
			throw new IllegalStateException(where(annotation, method) + " has count SUCCESS and countOn "
					+ types.stream().map(Class::getName).toList() + "; countOn means count FAILURE");
		}
		if (annotation.count() == Count.SUCCESS) {
			return (failure) -> failure == null;
		}
		if (annotation.count() == Count.ALL && types.isEmpty()) {
			return null;
		}
		return (failure) -> failure != null
				&& (types.isEmpty() || types.stream().anyMatch((type) -> type.isInstance(failure)));
	}

	/** Answers a call this limit denied: its fallback's result, or the exception. */
	Object deny(Enforcement enforcement, Object target, Object[] arguments) throws Throwable {
		RateLimitExceededException exception = new RateLimitExceededException(enforcement.limitName(),
				enforcement.plan(), enforcement.decision());
		if (this.fallback == null) {
			throw exception;
		}
		return this.fallback.invoke(target, arguments, exception);
	}

	/** Keeps the permits a call took pending when this limit counts only some outcomes. */
	void pend(Enforcement enforcement, String key, PendingRefunds<Throwable> pending) {
		if (enforcement.charged() && this.counts != null) {
			pending.add(this.enforcer, key, enforcement.plan(), this.cost, this.counts);
		}
	}

}
