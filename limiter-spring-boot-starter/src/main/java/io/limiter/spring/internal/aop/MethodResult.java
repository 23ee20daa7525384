package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.springframework.core.ReactiveAdapter;
import org.springframework.core.ReactiveAdapterRegistry;

/**
 * What a rate-limited method returns, which says when and on which thread its limits are decided: a value on the
 * calling thread before the call; a {@code CompletionStage} asynchronously at the call; any other type that a
 * {@link ReactiveAdapterRegistry} adapts (Reactor's {@code Mono} and {@code Flux}, a Reactive Streams
 * {@code Publisher}, RxJava's types when present, ...) asynchronously, at each subscription when the type is
 * lazy, through Reactor.
 * @param kind how the method's limits are decided
 * @param adapter the adapter of a reactive type, or {@code null}
 */
record MethodResult(Kind kind, ReactiveAdapter adapter) {

	private static final String KOTLIN_CONTINUATION = "kotlin.coroutines.Continuation";

	private static final MethodResult VALUE = new MethodResult(Kind.VALUE, null);

	private static final MethodResult STAGE = new MethodResult(Kind.STAGE, null);

	/**
	 * Returns what a method returns.
	 * @param site the method's first annotation, for messages
	 * @param adapters the reactive types
	 * @return the result
	 * @throws InvalidRateLimitedException when the method is a Kotlin suspending function, or returns a reactive
	 * type the aspect cannot produce
	 */
	static MethodResult of(AnnotationSite site, ReactiveAdapterRegistry adapters) {
		Method method = site.method();
		Class<?>[] parameters = method.getParameterTypes();
		if (parameters.length > 0 && parameters[parameters.length - 1].getName().equals(KOTLIN_CONTINUATION)) {
			throw site.invalid(null, null, "it is a Kotlin suspending function, which @RateLimited does not support "
					+ "yet; return a Mono, a Flux or a Flow (a reactive type is decided without blocking), or "
					+ "remove the annotation", null);
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
