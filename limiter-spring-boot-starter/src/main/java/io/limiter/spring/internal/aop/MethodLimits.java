package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.aopalliance.intercept.MethodInvocation;

import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.expression.EvaluationContext;

import io.limiter.ConcurrencyPermit;
import io.limiter.LimiterBackend;
import io.limiter.spring.EmptyKey;
import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.LimitEnforcers;

/**
 * The resolved {@link RateLimited} annotations of one method of one class: those of the class first, then
 * those of the method, each with its parsed key expression and fallback.
 * <p>
 * A method that returns a value is called once every limit allowed, decided on the calling thread; called on a
 * non-blocking thread (a Netty event loop), it fails at once rather than wait for the backend. A method that
 * returns a {@code CompletionStage} or a reactive type ({@link MethodResult}) gets one at once, and its limits are
 * decided through {@link io.limiter.RateLimiter#tryAcquireAsync(String, long)}, so no thread waits for them: the
 * stage's limits are taken at the call, a lazy reactive type's ({@code Mono}, {@code Flux}, {@code Publisher})
 * at each subscription. The method (or its fallback) is then called on the calling thread when the decisions are
 * known at once, else on the thread that completes the last one.
 * <p>
 * A limit that counts only some outcomes ({@link RateLimited#count()}, {@link RateLimited#countOn()}) takes its
 * permits as any other and gives them back when the call ends with an outcome that does not count: a value's
 * method when it returns or throws (waiting for the backend), a stage or reactive type when it completes
 * ({@link io.limiter.RateLimiter#refundAsync}, before the caller sees the completion).
 * <p>
 * A limit with a {@link RateLimited#maxWait()} waits for its permits when they come within what is left of its wait
 * since the call started: a value's method on the calling thread
 * ({@link io.limiter.RateLimiter#tryAcquire(String, long, java.time.Duration)}), the others without holding a thread
 * ({@link io.limiter.RateLimiter#tryAcquireAsync(String, long, java.time.Duration)}, whose waits end on the backend's
 * threads, where the method is then called). A reactive type's subscription cancelled while it waits, or the
 * returned stage cancelled, cancels that wait, which gives back the permits it reserved, and the method is not called
 * ({@link CallPermits#abandonWait()}).
 * <p>
 * A concurrency limit ({@code limiter.concurrency}) takes one permit per call and holds it until the call ends: a
 * value's method when it returns or throws, a stage when it completes, a reactive type when it completes, fails or
 * is cancelled ({@link CallPermits}).
 */
final class MethodLimits {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private final Method method;

	private final List<MethodLimit> limits;

	private final MethodResult result;

	private final ExpressionContexts contexts;

	private final LimiterBackend backend;

	private final boolean declaresInterrupts;

	private MethodLimits(Method method, List<MethodLimit> limits, MethodResult result, ExpressionContexts contexts,
			LimiterBackend backend) {
		this.method = method;
		this.limits = limits;
		this.result = result;
		this.contexts = contexts;
		this.backend = backend;
		this.declaresInterrupts = Arrays.stream(method.getExceptionTypes())
			.anyMatch((type) -> type.isAssignableFrom(InterruptedException.class));
	}

	/**
	 * Reads and checks the annotations of a method.
	 * @param method the most specific method, which carries at least one annotation
	 * @param targetClass the class of the bean
	 * @param enforcers the rate limits
	 * @param concurrencyLimiters the concurrency limits
	 * @param contexts makes the contexts of keys and conditions
	 * @param adapters the reactive types
	 * @return the method's limits
	 * @throws InvalidRateLimitedException naming the annotation, the attribute and its value when one cannot be
	 * enforced
	 */
	static MethodLimits resolve(Method method, Class<?> targetClass, LimitEnforcers enforcers,
			ConcurrencyLimiters concurrencyLimiters, ExpressionContexts contexts, ReactiveAdapterRegistry adapters) {
		List<MethodLimit> limits = new ArrayList<>();
		for (RateLimited annotation : MethodLimit.annotations(method, targetClass)) {
			limits.add(MethodLimit.resolve(new AnnotationSite(annotation, method, targetClass), enforcers,
					concurrencyLimiters));
		}
		return new MethodLimits(method, limits, MethodResult.of(limits.get(0).site(), adapters), contexts,
				enforcers.backend());
	}

	Object invoke(MethodInvocation invocation, Object target) throws Throwable {
		ReactiveAdapter adapter = this.result.adapter();
		return switch (this.result.kind()) {
			case VALUE -> invokeNow(invocation, target);
			case STAGE -> invokeStage(invocation, target);
			case SINGLE -> ReactorResults.single(adapter, this.backend,
					(permits) -> invokeWhenAllowed(invocation, target, permits,
							(result) -> ReactorResults.mono(adapter, result),
							(result, taken) -> ReactorResults.settleMono(result, taken, this.backend)));
			case MULTI -> ReactorResults.multi(adapter, this.backend,
					(permits) -> invokeWhenAllowed(invocation, target, permits,
							(result) -> ReactorResults.flux(adapter, result),
							(result, taken) -> ReactorResults.settleFlux(result, taken, this.backend)));
		};
	}

	/**
	 * Calls a method that returns a stage once its limits allow. The caller's stage is the call's: cancelling it while
	 * the call waits for permits abandons that wait, which gives back the permits it reserved, and the method is not
	 * called.
	 */
	private CompletableFuture<Object> invokeStage(MethodInvocation invocation, Object target) {
		CallPermits permits = new CallPermits();
		CompletableFuture<Object> stage = invokeWhenAllowed(invocation, target, permits, Function.identity(),
				MethodLimits::settleWhenDone)
			.thenCompose(MethodLimits::stage);
		stage.whenComplete((value, failure) -> {
			if (stage.isCancelled()) {
				permits.abandonWait();
			}
		});
		return stage;
	}

	private Object invokeNow(MethodInvocation invocation, Object target) throws Throwable {
		if (NonBlockingThreads.isCurrent()) {
			throw this.limits.get(0).site().unenforced("it returns a value, so its limits are decided on the "
					+ "calling thread, which would wait for the backend, and the calling thread "
					+ Thread.currentThread().getName() + " is a non-blocking one (a Netty event loop in WebFlux) that "
					+ "must never wait: return a Mono, a Flux or a CompletionStage, whose limits are decided without "
					+ "blocking, or call the method on a thread that may block "
					+ "(publishOn(Schedulers.boundedElastic()))",
					"Return a reactive type from the method, or call it on a thread that may block.");
		}
		long start = System.nanoTime();
		Object[] arguments = invocation.getArguments();
		String[] keys = keys(target, arguments);
		CallPermits permits = new CallPermits();
		for (int i = 0; i < keys.length; i++) {
			MethodLimit limit = this.limits.get(i);
			String key = keys[i];
			if (key == null) {
				continue;
			}
			if (limit.concurrency() != null) {
				ConcurrencyPermit permit = limit.concurrency().tryAcquire(key);
				if (!permit.isAllowed()) {
					permits.refundAll();
					return limit.deny(limit.exceeded(permit), target, arguments);
				}
				permits.hold(permit);
				continue;
			}
			Enforcement enforcement;
			try {
				enforcement = limit.enforcer().enforce(key, limit.cost(), null, limit.waitLeft(start));
			}
			catch (InterruptedException ex) {
				permits.refundAll();
				Thread.currentThread().interrupt();
				throw interrupted(limit, ex);
			}
			if (!enforcement.allowed()) {
				permits.refundAll();
				return limit.deny(MethodLimit.exceeded(enforcement), target, arguments);
			}
			limit.pend(enforcement, key, permits);
		}
		if (permits.isEmpty()) {
			return invocation.proceed();
		}
		Object result;
		try {
			result = invocation.proceed();
		}
		catch (Throwable ex) {
			permits.settle(ex);
			throw ex;
		}
		permits.settle(null);
		return result;
	}

	/**
	 * Decides every limit asynchronously, then calls the method, or its fallback when a limit denied; when some
	 * limits count only some outcomes, what the method returned settles their permits when it completes.
	 * @param permits what the call takes
	 * @param adapt makes what the method or its fallback returned into what {@code settleWhenDone} takes
	 * @param settleWhenDone returns what the method returned, made to settle the pending permits with its outcome
	 * @return a future completed with what the method or its fallback returned, adapted, or failed with what it
	 * threw ({@link RateLimitExceededException} when a limit denied and there is no fallback)
	 */
	private CompletableFuture<Object> invokeWhenAllowed(MethodInvocation invocation, Object target,
			CallPermits permits, Function<Object, Object> adapt,
			BiFunction<Object, CallPermits, Object> settleWhenDone) {
		long start = System.nanoTime();
		// a clone for each call, which may come later on another thread, and once per subscription
		MethodInvocation thisCall = ((ProxyMethodInvocation) invocation).invocableClone();
		Object[] arguments = thisCall.getArguments();
		String[] keys;
		try {
			keys = keys(target, arguments);
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
		return firstDenial(0, keys, permits, start).thenCompose((denial) -> {
			if (permits.isAbandoned()) {
				return permits.cancelAsync()
					.thenCompose((released) -> CompletableFuture.failedFuture(
							new CancellationException("the caller abandoned the call while it waited")));
			}
			if (denial != null) {
				return permits.refundAllAsync()
					.thenCompose((refunded) -> call(
							() -> adapt.apply(denial.limit().deny(denial.exception(), target, arguments))));
			}
			if (permits.isEmpty()) {
				return call(() -> adapt.apply(thisCall.proceed()));
			}
			return call(() -> adapt.apply(thisCall.proceed())).handle((result, failure) -> (failure == null)
					? CompletableFuture.completedFuture(settleWhenDone.apply(result, permits))
					: permits.settleAsync(failure).thenCompose((settled) -> CompletableFuture.failedFuture(failure)))
				.thenCompose(Function.identity());
		});
	}

	private CompletableFuture<Denial> firstDenial(int index, String[] keys, CallPermits permits, long start) {
		if (index == keys.length) {
			return CompletableFuture.completedFuture(null);
		}
		MethodLimit limit = this.limits.get(index);
		String key = keys[index];
		if (key == null) {
			return firstDenial(index + 1, keys, permits, start);
		}
		if (limit.concurrency() != null) {
			return limit.concurrency().tryAcquireAsync(key).toCompletableFuture().thenCompose((permit) -> {
				if (!permit.isAllowed()) {
					return CompletableFuture.completedFuture(new Denial(limit, limit.exceeded(permit)));
				}
				permits.hold(permit);
				return firstDenial(index + 1, keys, permits, start);
			});
		}
		return permits.awaiting(limit.enforcer().enforceAsync(key, limit.cost(), null, limit.waitLeft(start)))
			.thenCompose((enforcement) -> {
				if (!enforcement.allowed()) {
					return CompletableFuture.completedFuture(new Denial(limit, MethodLimit.exceeded(enforcement)));
				}
				limit.pend(enforcement, key, permits);
				return firstDenial(index + 1, keys, permits, start);
			});
	}

	/**
	 * Returns the failure of a call whose thread was interrupted while it waited for a limit's permits: the
	 * {@link InterruptedException} when the method declares it, so that its callers handle it as they already do,
	 * else an unchecked exception that says so.
	 */
	private Exception interrupted(MethodLimit limit, InterruptedException cause) {
		String message = limit.site() + ": the thread was interrupted while the call waited for a permit (maxWait "
				+ limit.site().annotation().maxWait() + "), so the method was not called; the thread keeps its "
				+ "interrupt status";
		if (this.declaresInterrupts) {
			InterruptedException interrupted = new InterruptedException(message);
			interrupted.initCause(cause);
			return interrupted;
		}
		return new IllegalStateException(message, cause);
	}

	private static CompletableFuture<Object> call(Call call) {
		try {
			return CompletableFuture.completedFuture(call.get());
		}
		catch (Throwable ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	/**
	 * A stage that completes as the method's stage does, once the pending permits are settled by its outcome and the
	 * held ones released.
	 */
	private static Object settleWhenDone(Object result, CallPermits permits) {
		CompletableFuture<Object> settled = new CompletableFuture<>();
		stage(result).whenComplete((value, failure) -> permits.settleAsync(unwrap(failure))
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

	/**
	 * Returns the key of each limit for a call, all before any limit takes a permit, so that a key the call lacks
	 * leaves nothing taken.
	 * @return the keys in the order of the limits, {@code null} for a limit the call skips
	 * @throws IllegalArgumentException when a key gives nothing and its annotation rejects such calls
	 */
	private String[] keys(Object target, Object[] arguments) {
		String[] keys = new String[this.limits.size()];
		for (int i = 0; i < keys.length; i++) {
			MethodLimit limit = this.limits.get(i);
			keys[i] = skips(limit, target, arguments) ? null : key(limit, target, arguments);
		}
		return keys;
	}

	private boolean skips(MethodLimit limit, Object target, Object[] arguments) {
		return limit.skipIf().isSet() && limit.skipIf().holds(context(target, arguments));
	}

	private String key(MethodLimit limit, Object target, Object[] arguments) {
		if (limit.key() == null) {
			return limit.constantKey();
		}
		Object value = limit.key().getValue(context(target, arguments));
		if (value != null) {
			KeyCheck.checkValue(value, limit.site());
		}
		String key = (value != null) ? value.toString() : null;
		if (key != null && !key.isBlank()) {
			return key;
		}
		if (limit.site().annotation().emptyKey() == EmptyKey.SHARE) {
			return limit.constantKey();
		}
		throw new IllegalArgumentException(limit.site() + ": its key " + limit.site().annotation().key() + " gave "
				+ ((key == null) ? "null" : "blank text") + " for this call, so the call was not made. Pass a value "
				+ "that tells callers apart, or set emptyKey = SHARE to have such calls share one key.");
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

	private record Denial(MethodLimit limit, RateLimitExceededException exception) {
	}

}
