package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.springframework.core.MethodParameter;
import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.util.ClassUtils;

/**
 * What a rate-limited method returns, which says when and on which thread its limits are decided: a value on the
 * calling thread before the call; a {@code CompletionStage} asynchronously at the call; any other type that a
 * {@link ReactiveAdapterRegistry} adapts (Reactor's {@code Mono} and {@code Flux}, a Reactive Streams
 * {@code Publisher}, RxJava's types when present, ...) asynchronously, at each subscription when the type is
 * lazy, through Reactor. A Kotlin suspending function is decided as a {@code Mono} is: Spring's AOP calls it through
 * kotlinx-coroutines-reactor as a {@code Mono} of its value, which the proxy awaits in the caller's coroutine
 * ({@code AopUtils.invokeJoinpointUsingReflection}), so the coroutine suspends while the limits are decided and a
 * cancelled coroutine cancels that subscription.
 * @param kind how the method's limits are decided
 * @param adapter the adapter of a reactive type, or {@code null}
 */
record MethodResult(Kind kind, ReactiveAdapter adapter) {

	private static final String KOTLIN_CONTINUATION = "kotlin.coroutines.Continuation";

	private static final String KOTLIN_FLOW = "kotlinx.coroutines.flow.Flow";

	/** Whether Spring's AOP calls a suspending function as a {@code Mono} (as {@code AopUtils} checks it). */
	private static final boolean COROUTINES_REACTOR = ClassUtils.isPresent("kotlinx.coroutines.reactor.MonoKt",
			MethodResult.class.getClassLoader());

	private static final MethodResult VALUE = new MethodResult(Kind.VALUE, null);

	private static final MethodResult STAGE = new MethodResult(Kind.STAGE, null);

	/**
	 * Returns what a method returns.
	 * @param site the method's first annotation, for messages
	 * @param adapters the reactive types
	 * @return the result
	 * @throws InvalidRateLimitedException when the method is a Kotlin suspending function that Spring cannot call
	 * as a {@code Mono}, or returns a reactive type the aspect cannot produce
	 */
	static MethodResult of(AnnotationSite site, ReactiveAdapterRegistry adapters) {
		return of(site, adapters, COROUTINES_REACTOR);
	}

	/**
	 * Returns what a method returns.
	 * @param site the method's first annotation, for messages
	 * @param adapters the reactive types
	 * @param coroutinesReactor whether kotlinx-coroutines-reactor is on the class path
	 * @return the result
	 */
	static MethodResult of(AnnotationSite site, ReactiveAdapterRegistry adapters, boolean coroutinesReactor) {
		Method method = site.method();
		if (isSuspending(method)) {
			return suspending(site, adapters, coroutinesReactor);
		}
		Class<?> type = method.getReturnType();
		if (CompletionStage.class.isAssignableFrom(type)) {
			if (type != CompletionStage.class && type != CompletableFuture.class) {
				throw site.invalid(null, null, cannotProduce(type, "CompletionStage or CompletableFuture"), null);
			}
			return STAGE;
		}
		ReactiveAdapter adapter = adapters.getAdapter(type);
		if (adapter == null) {
			return VALUE;
		}
		if (!type.isAssignableFrom(adapter.getReactiveType())) {
			throw site.invalid(null, null, cannotProduce(type, adapter.getReactiveType().getName()), null);
		}
		return new MethodResult(adapter.isMultiValue() ? Kind.MULTI : Kind.SINGLE, adapter);
	}

	/**
	 * Returns whether a method is a Kotlin suspending function, by its last parameter, so that one is recognised
	 * (and refused when it cannot be limited) even without kotlinx-coroutines-reactor on the class path.
	 */
	static boolean isSuspending(Method method) {
		Class<?>[] parameters = method.getParameterTypes();
		return parameters.length > 0 && parameters[parameters.length - 1].getName().equals(KOTLIN_CONTINUATION);
	}

	private static MethodResult suspending(AnnotationSite site, ReactiveAdapterRegistry adapters,
			boolean coroutinesReactor) {
		Method method = site.method();
		if (!coroutinesReactor) {
			throw site.invalid(null, null, "it is a Kotlin suspending function, which Spring calls as a Mono only "
					+ "with kotlinx-coroutines-reactor on the class path; add org.jetbrains.kotlinx:"
					+ "kotlinx-coroutines-reactor to the application's dependencies", null);
		}
		if (new MethodParameter(method, -1).getParameterType().getName().equals(KOTLIN_FLOW)) {
			throw site.invalid(null, null, "it is a Kotlin suspending function that returns a Flow, a stream whose "
					+ "limits are decided at each collection; remove suspend from it (a Flow is collected later, "
					+ "in a coroutine of its own)", null);
		}
		return new MethodResult(Kind.SINGLE, ReactorResults.monoAdapter(adapters));
	}

	private static String cannotProduce(Class<?> type, String declare) {
		return "it returns " + type.getName() + ", a reactive type that the aspect cannot return (Spring's "
				+ "ReactiveAdapterRegistry adapts it only as a " + declare + "); declare " + declare
				+ " as the return type, or register " + type.getSimpleName() + " in the ReactiveAdapterRegistry";
	}

	/** How a method's limits are decided. */
	enum Kind {

		/** Before the call, on the calling thread. */
		VALUE,

		/** Asynchronously at the call, for a {@code CompletionStage} or {@code CompletableFuture}. */
		STAGE,

		/** Asynchronously, for a reactive type of at most one value, adapted to and from a {@code Mono}. */
		SINGLE,

		/** Asynchronously, for a reactive type of many values, adapted to and from a {@code Flux}. */
		MULTI

	}

}
