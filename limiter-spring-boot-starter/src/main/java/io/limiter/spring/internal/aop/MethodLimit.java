package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.util.ReflectionUtils;

import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.spring.EmptyKey;
import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.RateLimited.Count;
import io.limiter.spring.RateLimits;
import io.limiter.spring.internal.ConcurrencyDenials;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.SkipCondition;

/**
 * One {@link RateLimited} annotation of a method, read and checked once (at start-up for the beans of the
 * context): its limit's enforcer (or its concurrency limiter), parsed key and skip condition, cost, fallback, which
 * outcomes count and how long a call may wait.
 * @param enforcer the enforcer of the annotation's rate limit, or {@code null} for a concurrency limit
 * @param concurrency the annotation's concurrency limit, or {@code null} for a rate limit
 * @param key the parsed key expression, or {@code null} for the method's constant key
 * @param constantKey the key when there is no expression: the class and method name
 * @param cost the permits a call takes
 * @param fallback the method called instead when the limit denies, or {@code null} to throw
 * @param site the annotation and its method, for messages
 * @param skipIf the condition under which a call is not limited
 * @param counts which outcomes of a call count, or {@code null} when every call counts when it starts
 * @param maxWait the longest a call may have waited, from its start, when this limit's permits come; zero for no wait
 */
record MethodLimit(LimitEnforcer enforcer, ConcurrencyLimiter concurrency, Expression key, String constantKey, long cost, FallbackMethod fallback,
		AnnotationSite site, SkipCondition skipIf, Predicate<Throwable> counts, Duration maxWait) {

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

	/**
	 * Returns the annotations that apply to a method: those of its class (or of the class's superclasses and
	 * interfaces) when it is a public instance method other than {@code Object}'s, then its own (or those of the
	 * methods it overrides or implements).
	 * @param method the most specific method
	 * @param targetClass the class of the bean
	 * @return the annotations, possibly none
	 */
	static List<RateLimited> annotations(Method method, Class<?> targetClass) {
		List<RateLimited> annotations = new ArrayList<>();
		int modifiers = method.getModifiers();
		if (Modifier.isPublic(modifiers) && !Modifier.isStatic(modifiers) && !ReflectionUtils.isObjectMethod(method)) {
			annotations.addAll(AnnotatedElementUtils.findMergedRepeatableAnnotations(targetClass, RateLimited.class,
					RateLimits.class));
		}
		annotations.addAll(
				AnnotatedElementUtils.findMergedRepeatableAnnotations(method, RateLimited.class, RateLimits.class));
		return annotations;
	}

	/**
	 * Reads and checks an annotation.
	 * @param site the annotation and its method
	 * @param enforcers the rate limits
	 * @param concurrencyLimiters the concurrency limits
	 * @return the limit
	 * @throws InvalidRateLimitedException naming the attribute and its value when the annotation cannot be enforced
	 */
	static MethodLimit resolve(AnnotationSite site, LimitEnforcers enforcers,
			ConcurrencyLimiters concurrencyLimiters) {
		RateLimited annotation = site.annotation();
		if (concurrencyLimiters.contains(annotation.limit())) {
			return resolveConcurrency(site, concurrencyLimiters.get(annotation.limit()));
		}
		LimitEnforcer enforcer;
		try {
			enforcer = enforcers.get(annotation.limit());
		}
		catch (IllegalArgumentException ex) {
			throw site.invalid("limit", annotation.limit(), ex.getMessage(), ex);
		}
		if (annotation.cost() < 1) {
			throw site.invalid("cost", annotation.cost(), "the cost must be at least 1", null);
		}
		try {
			enforcer.requireCapacity(annotation.cost(), site.toString());
		}
		catch (IllegalArgumentException ex) {
			throw site.invalid("cost", annotation.cost(), ex.getMessage(), ex);
		}
		return resolve(site, enforcer, null, annotation.cost(), counts(site));
	}

	/**
	 * Reads and checks an annotation that names a concurrency limit: a call holds one permit while it runs, whatever
	 * its outcome, so the annotation sets no cost and no outcomes that count.
	 */
	private static MethodLimit resolveConcurrency(AnnotationSite site, ConcurrencyLimiter limiter) {
		RateLimited annotation = site.annotation();
		String kind = "limit '" + annotation.limit() + "' is a concurrency limit, where a call holds one permit while "
				+ "it runs";
		if (annotation.cost() != 1) {
			throw site.invalid("cost", annotation.cost(), kind + "; remove cost", null);
		}
		if (annotation.count() != Count.ALL) {
			throw site.invalid("count", annotation.count(), kind + ", whatever its outcome; remove count", null);
		}
		if (annotation.countOn().length > 0) {
			throw site.invalid("countOn", List.of(annotation.countOn()).stream().map(Class::getName).toList(),
					kind + ", whatever its outcome; remove countOn", null);
		}
		if (!annotation.maxWait().isEmpty()) {
			throw site.invalid("maxWait", annotation.maxWait(), kind + ", which comes back when a call in flight ends, "
					+ "at a time no decision can tell, so a call could only wait for it by polling; remove maxWait",
					null);
		}
		return resolve(site, null, limiter, 1, null);
	}

	private static MethodLimit resolve(AnnotationSite site, LimitEnforcer enforcer, ConcurrencyLimiter concurrency,
			long cost, Predicate<Throwable> counts) {
		RateLimited annotation = site.annotation();
		FallbackMethod fallback = annotation.fallbackMethod().isEmpty() ? null : FallbackMethod.find(site);
		Expression key = expression(site, "key", annotation.key());
		if (key != null) {
			KeyCheck.checkDeclared(site);
		}
		else if (annotation.emptyKey() != EmptyKey.DENY) {
			throw site.invalid("emptyKey", annotation.emptyKey(), "it applies only to a key expression, and key is "
					+ "empty: every call of the method shares one key already", null);
		}
		if (annotation.emptyKey() == EmptyKey.CLIENT_ADDRESS) {
			throw site.invalid("emptyKey", annotation.emptyKey(), "a method call has no client address: give DENY (the"
					+ " default) or SHARE", null);
		}
		Expression skipIf = expression(site, "skipIf", annotation.skipIf());
		String constantKey = site.targetClass().getName() + '.' + site.method().getName();
		return new MethodLimit(enforcer, concurrency, key, constantKey, cost, fallback, site,
				new SkipCondition(skipIf, site + " skipIf"), counts, maxWait(site));
	}

	/** Reads {@link RateLimited#maxWait()}: empty for no wait. */
	private static Duration maxWait(AnnotationSite site) {
		String text = site.annotation().maxWait();
		if (text.isEmpty()) {
			return Duration.ZERO;
		}
		Duration maxWait;
		try {
			maxWait = DurationStyle.detectAndParse(text);
		}
		catch (IllegalArgumentException ex) {
			throw site.invalid("maxWait", text, "not a duration; write one such as 500ms, 5s or PT5S, or leave "
					+ "maxWait empty for no wait", ex);
		}
		if (maxWait.isNegative()) {
			throw site.invalid("maxWait", text, "a wait cannot be negative; give 0 or more, or leave maxWait empty "
					+ "for no wait", null);
		}
		return maxWait;
	}

	/**
	 * Returns how long a call may still wait for this limit's permits.
	 * @param start when the call started ({@link System#nanoTime()})
	 * @return what is left of {@link #maxWait()} after the time the call has taken so far, zero when nothing is
	 */
	Duration waitLeft(long start) {
		if (this.maxWait.isZero()) {
			return Duration.ZERO;
		}
		Duration left = this.maxWait.minusNanos(System.nanoTime() - start);
		return left.isNegative() ? Duration.ZERO : left;
	}

	private static Expression expression(AnnotationSite site, String attribute, String text) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return PARSER.parseExpression(text);
		}
		catch (ParseException ex) {
			throw site.invalid(attribute, text, "not a valid SpEL expression: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Returns which outcomes of a call count, or {@code null} when every call counts when it starts.
	 */
	private static Predicate<Throwable> counts(AnnotationSite site) {
		RateLimited annotation = site.annotation();
		List<Class<? extends Throwable>> types = List.of(annotation.countOn());
		if (!types.isEmpty() && annotation.count() == Count.SUCCESS) {
			throw site.invalid("countOn", types.stream().map(Class::getName).toList(),
					"countOn means count FAILURE, and count is SUCCESS", null);
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

	/** Returns the exception of a call that this rate limit denied. */
	static RateLimitExceededException exceeded(Enforcement enforcement) {
		return new RateLimitExceededException(enforcement.limitName(), enforcement.plan(), enforcement.decision());
	}

	/** Returns the exception of a call that this concurrency limit denied. */
	RateLimitExceededException exceeded(ConcurrencyPermit denied) {
		return new RateLimitExceededException(this.concurrency.name(), ConcurrencyDenials.decision(denied));
	}

	/** Answers a call this limit denied: its fallback's result, or the exception. */
	Object deny(RateLimitExceededException exception, Object target, Object[] arguments) throws Throwable {
		if (this.fallback == null) {
			throw exception;
		}
		return this.fallback.invoke(target, arguments, exception);
	}

	/** Keeps the permits a call took pending when this limit counts only some outcomes. */
	void pend(Enforcement enforcement, String key, CallPermits permits) {
		if (enforcement.charged() && this.counts != null) {
			permits.pending().add(this.enforcer, key, enforcement, this.counts);
		}
	}

}
