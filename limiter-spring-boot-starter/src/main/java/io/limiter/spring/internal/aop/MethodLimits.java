package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

import org.aspectj.lang.ProceedingJoinPoint;

import org.springframework.aop.support.AopUtils;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.RateLimited.Count;
import io.limiter.spring.RateLimits;
import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.SkipCondition;
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
 * <p>
 * A limit that counts only some outcomes ({@link RateLimited#count()}, {@link RateLimited#countOn()}) takes its
 * permits as any other and gives them back when the call ends with an outcome that does not count: a value's
 * method when it returns or throws (waiting for the backend), a stage, {@code Mono} or {@code Flux} when it
 * completes ({@link io.limiter.RateLimiter#refundAsync}, before the caller sees the completion).
 */
final class MethodLimits {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

	private final Method method;

	private final List<MethodLimit> limits;

	private final Result result;

	private final ExpressionContexts contexts;

	private MethodLimits(Method method, List<MethodLimit> limits, Result result, ExpressionContexts contexts) {
		this.method = method;
		this.limits = limits;
		this.result = result;
		this.contexts = contexts;
	}

	static MethodLimits resolve(Method method, Class<?> targetClass, LimitEnforcers enforcers,
			ExpressionContexts contexts) {
		Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
		List<MethodLimit> limits = new ArrayList<>();
		for (RateLimited annotation : annotations(specific, targetClass)) {
			limits.add(resolve(annotation, specific, targetClass, enforcers));
		}
		return new MethodLimits(specific, limits, Result.of(specific), contexts);
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

	private static MethodLimit resolve(RateLimited annotation, Method method, Class<?> targetClass,
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

	Object invoke(ProceedingJoinPoint joinPoint, Object target) throws Throwable {
		return switch (this.result) {
			case VALUE -> invokeNow(joinPoint, target);
			case STAGE -> invokeWhenAllowed(joinPoint, target, MethodLimits::settleWhenDone)
				.thenCompose(MethodLimits::stage);
			case MONO -> ReactorResults.mono(() -> invokeWhenAllowed(joinPoint, target, ReactorResults::settleMono));
			case FLUX -> ReactorResults.flux(() -> invokeWhenAllowed(joinPoint, target, ReactorResults::settleFlux));
		};
	}

	private Object invokeNow(ProceedingJoinPoint joinPoint, Object target) throws Throwable {
		Object[] arguments = joinPoint.getArgs();
		PendingRefunds<Throwable> pending = new PendingRefunds<>();
		for (MethodLimit limit : this.limits) {
			if (skips(limit, target, arguments)) {
				continue;
			}
			String key = key(limit, target, arguments);
			Verdict verdict = limit.enforcer().enforce(key, limit.cost(), null);
			if (!verdict.allowed()) {
				pending.refundAll();
				return limit.deny(verdict, target, arguments);
			}
			limit.pend(verdict, key, pending);
		}
		if (pending.isEmpty()) {
			return joinPoint.proceed();
		}
		Object result;
		try {
			result = joinPoint.proceed();
		}
		catch (Throwable ex) {
			pending.settle(ex);
			throw ex;
		}
		pending.settle(null);
		return result;
	}

	/**
	 * Decides every limit asynchronously, then calls the method, or its fallback when a limit denied; when some
	 * limits count only some outcomes, what the method returned settles their permits when it completes.
	 * @param settleWhenDone returns what the method returned, made to settle the pending permits with its outcome
	 * @return a future completed with what the method or its fallback returned, or failed with what it threw
	 * ({@link RateLimitExceededException} when a limit denied and there is no fallback)
	 */
	private CompletableFuture<Object> invokeWhenAllowed(ProceedingJoinPoint joinPoint, Object target,
			BiFunction<Object, PendingRefunds<Throwable>, Object> settleWhenDone) {
		Object[] arguments = joinPoint.getArgs();
		PendingRefunds<Throwable> pending = new PendingRefunds<>();
		return firstDenial(0, target, arguments, pending).thenCompose((denial) -> {
			if (denial != null) {
				return pending.refundAllAsync()
					.thenCompose((refunded) -> call(() -> denial.limit().deny(denial.verdict(), target, arguments)));
			}
			if (pending.isEmpty()) {
				return call(joinPoint::proceed);
			}
			return call(joinPoint::proceed).handle((result, failure) -> (failure == null)
					? CompletableFuture.completedFuture(settleWhenDone.apply(result, pending))
					: pending.settleAsync(failure).thenCompose((settled) -> CompletableFuture.failedFuture(failure)))
				.thenCompose(Function.identity());
		});
	}

	private CompletableFuture<Denial> firstDenial(int index, Object target, Object[] arguments,
			PendingRefunds<Throwable> pending) {
		if (index == this.limits.size()) {
			return CompletableFuture.completedFuture(null);
		}
		MethodLimit limit = this.limits.get(index);
		if (skips(limit, target, arguments)) {
			return firstDenial(index + 1, target, arguments, pending);
		}
		String key = key(limit, target, arguments);
		return limit.enforcer().enforceAsync(key, limit.cost(), null).thenCompose((verdict) -> {
			if (!verdict.allowed()) {
				return CompletableFuture.completedFuture(new Denial(limit, verdict));
			}
			limit.pend(verdict, key, pending);
			return firstDenial(index + 1, target, arguments, pending);
		});
	}

	private static CompletableFuture<Object> call(Call call) {
		try {
			return CompletableFuture.completedFuture(call.get());
		}
		catch (Throwable ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	/** A stage that completes as the method's stage does, once the pending permits are settled by its outcome. */
	private static Object settleWhenDone(Object result, PendingRefunds<Throwable> pending) {
		CompletableFuture<Object> settled = new CompletableFuture<>();
		stage(result).whenComplete((value, failure) -> pending.settleAsync(unwrap(failure))
			.whenComplete((refunded, none) -> {
				if (failure != null) {
					settled.completeExceptionally(failure);
				}
				else {
					settled.complete(value);
				}
			}));
		return settled;
	}

	private static Throwable unwrap(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

	@SuppressWarnings("unchecked")
	private static CompletionStage<Object> stage(Object result) {
		return (CompletionStage<Object>) result;
	}

	private boolean skips(MethodLimit limit, Object target, Object[] arguments) {
		return limit.skipIf().isSet() && limit.skipIf().holds(context(target, arguments));
	}

	private String key(MethodLimit limit, Object target, Object[] arguments) {
		if (limit.key() == null) {
			return limit.constantKey();
		}
		Object value = limit.key().getValue(context(target, arguments));
		if (value == null) {
			return "";
		}
		KeyCheck.checkValue(value, limit.where());
		return value.toString();
	}

	private EvaluationContext context(Object target, Object[] arguments) {
		return this.contexts
			.withBeans(new MethodBasedEvaluationContext(target, this.method, arguments, PARAMETER_NAMES));
	}

	/** What the method or its fallback returns, or what it throws. */
	@FunctionalInterface
	private interface Call {

		Object get() throws Throwable;

	}

	private record MethodLimit(LimitEnforcer enforcer, Expression key, String constantKey, long cost,
			FallbackMethod fallback, String where, SkipCondition skipIf, Predicate<Throwable> counts) {

		/** Answers a call this limit denied: its fallback's result, or the exception. */
		Object deny(Verdict verdict, Object target, Object[] arguments) throws Throwable {
			RateLimitExceededException exception = new RateLimitExceededException(verdict.limitName(),
					verdict.plan(), verdict.decision());
			if (this.fallback == null) {
				throw exception;
			}
			return this.fallback.invoke(target, arguments, exception);
		}

		/** Keeps the permits a call took pending when this limit counts only some outcomes. */
		void pend(Verdict verdict, String key, PendingRefunds<Throwable> pending) {
			if (verdict.charged() && this.counts != null) {
				pending.add(this.enforcer, key, verdict.plan(), this.cost, this.counts);
			}
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
