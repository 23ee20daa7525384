package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

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
 * <p>
 * A method that returns a value is called once every limit allowed, decided on the calling thread. A method that
 * returns a {@code CompletionStage}, {@code CompletableFuture}, {@code Mono} or {@code Flux} gets one at once, and
 * its limits are decided through {@link io.limiter.RateLimiter#tryAcquireAsync(String, long)}, so no thread waits
 * for them: the stage's limits are taken at the call, the {@code Mono}'s and {@code Flux}'s at each
 * subscription. The method (or its fallback) is then called on the calling thread when the decisions are known
 * at once, else on the thread that completes the last one.
 */
final class MethodLimits {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

	private final Method method;

	private final List<MethodLimit> limits;

	private final Result result;

	private MethodLimits(Method method, List<MethodLimit> limits, Result result) {
		this.method = method;
		this.limits = limits;
		this.result = result;
	}

	static MethodLimits resolve(Method method, Class<?> targetClass, LimitEnforcers enforcers) {
		Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
		List<MethodLimit> limits = new ArrayList<>();
		for (RateLimited annotation : annotations(specific, targetClass)) {
			limits.add(resolve(annotation, specific, targetClass, enforcers));
		}
		return new MethodLimits(specific, limits, Result.of(specific));
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
		return switch (this.result) {
			case VALUE -> invokeNow(joinPoint, target);
			case STAGE -> invokeWhenAllowed(joinPoint, target).thenCompose(MethodLimits::stage);
			case MONO -> ReactorResults.mono(() -> invokeWhenAllowed(joinPoint, target));
			case FLUX -> ReactorResults.flux(() -> invokeWhenAllowed(joinPoint, target));
		};
	}

	private Object invokeNow(ProceedingJoinPoint joinPoint, Object target) throws Throwable {
		Object[] arguments = joinPoint.getArgs();
		for (MethodLimit limit : this.limits) {
			Verdict verdict = limit.enforcer().enforce(key(limit, target, arguments), limit.cost(), null);
			if (!verdict.allowed()) {
				return limit.deny(verdict, target, arguments);
			}
		}
		return joinPoint.proceed();
	}

	/**
	 * Decides every limit asynchronously, then calls the method, or its fallback when a limit denied.
	 * @return a future completed with what the method or its fallback returned, or failed with what it threw
	 * ({@link RateLimitExceededException} when a limit denied and there is no fallback)
	 */
	private CompletableFuture<Object> invokeWhenAllowed(ProceedingJoinPoint joinPoint, Object target) {
		Object[] arguments = joinPoint.getArgs();
		return firstDenial(0, target, arguments).thenCompose((denial) -> {
			try {
				return CompletableFuture.completedFuture(
						(denial != null) ? denial.limit().deny(denial.verdict(), target, arguments) : joinPoint.proceed());
			}
			catch (Throwable ex) {
				return CompletableFuture.failedFuture(ex);
			}
		});
	}

	private CompletableFuture<Denial> firstDenial(int index, Object target, Object[] arguments) {
		if (index == this.limits.size()) {
			return CompletableFuture.completedFuture(null);
		}
		MethodLimit limit = this.limits.get(index);
		return limit.enforcer()
			.enforceAsync(key(limit, target, arguments), limit.cost(), null)
			.thenCompose((verdict) -> verdict.allowed() ? firstDenial(index + 1, target, arguments)
					: CompletableFuture.completedFuture(new Denial(limit, verdict)));
	}

	@SuppressWarnings("unchecked")
	private static CompletionStage<Object> stage(Object result) {
		return (CompletionStage<Object>) result;
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

		/** Answers a call this limit denied: its fallback's result, or the exception. */
		Object deny(Verdict verdict, Object target, Object[] arguments) throws Throwable {
			RateLimitExceededException exception = new RateLimitExceededException(verdict.limitName(),
					verdict.plan(), verdict.decision());
			if (this.fallback == null) {
				throw exception;
			}
			return this.fallback.invoke(target, arguments, exception);
		}

	}

	private record Denial(MethodLimit limit, Verdict verdict) {
	}

	/** What a limited method returns, which says when and on which thread its limits are decided. */
	private enum Result {

		/** A value (or nothing): decided on the calling thread before the call. */
		VALUE,

		/** A {@code CompletionStage} or {@code CompletableFuture}. */
		STAGE,

		/** A Reactor {@code Mono}. */
		MONO,

		/** A Reactor {@code Flux}. */
		FLUX;

		static Result of(Method method) {
			Class<?> type = method.getReturnType();
			if (type == CompletionStage.class || type == CompletableFuture.class) {
				return STAGE;
			}
			// by name, so that applications without Reactor never load it
			return switch (type.getName()) {
				case "reactor.core.publisher.Mono" -> MONO;
				case "reactor.core.publisher.Flux" -> FLUX;
				default -> VALUE;
			};
		}

	}

}
