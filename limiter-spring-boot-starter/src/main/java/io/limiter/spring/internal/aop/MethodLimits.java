package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.aspectj.lang.ProceedingJoinPoint;

import org.springframework.aop.support.AopUtils;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.EvaluationContext;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.Enforcement;

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
		for (RateLimited annotation : MethodLimit.annotations(specific, targetClass)) {
			limits.add(MethodLimit.resolve(annotation, specific, targetClass, enforcers));
		}
		return new MethodLimits(specific, limits, Result.of(specific), contexts);
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
			Enforcement enforcement = limit.enforcer().enforce(key, limit.cost(), null);
			if (!enforcement.allowed()) {
				pending.refundAll();
				return limit.deny(enforcement, target, arguments);
			}
			limit.pend(enforcement, key, pending);
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
					.thenCompose((refunded) -> call(() -> denial.limit().deny(denial.enforcement(), target, arguments)));
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
		return limit.enforcer().enforceAsync(key, limit.cost(), null).thenCompose((enforcement) -> {
			if (!enforcement.allowed()) {
				return CompletableFuture.completedFuture(new Denial(limit, enforcement));
			}
			limit.pend(enforcement, key, pending);
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

	private record Denial(MethodLimit limit, Enforcement enforcement) {
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
