package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.MethodClassKey;
import org.springframework.core.ReactiveAdapterRegistry;

import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcers;

/**
 * The resolved {@link io.limiter.spring.RateLimited} limits of every method, read and checked once: at start-up
 * for the beans of the context ({@link RateLimitedBeans}), at the first call for any other, by the same code.
 */
public final class RateLimitedMethods {

	private final LimitEnforcers enforcers;

	private final ConcurrencyLimiters concurrencyLimiters;

	private final ExpressionContexts contexts;

	private final ReactiveAdapterRegistry adapters;

	private final Map<MethodClassKey, MethodLimits> resolved = new ConcurrentHashMap<>();

	/**
	 * Creates the methods' limits.
	 * @param enforcers the rate limits
	 * @param concurrencyLimiters the concurrency limits
	 * @param contexts makes the beans reachable from keys and conditions
	 * @param adapters the reactive types that methods may return
	 */
	public RateLimitedMethods(LimitEnforcers enforcers, ConcurrencyLimiters concurrencyLimiters,
			ExpressionContexts contexts, ReactiveAdapterRegistry adapters) {
		this.enforcers = enforcers;
		this.concurrencyLimiters = concurrencyLimiters;
		this.contexts = contexts;
		this.adapters = adapters;
	}

	/**
	 * Returns the limits of a method, resolving them the first time.
	 * @param method the method as called (or as declared, at start-up)
	 * @param targetClass the class of the bean
	 * @return the limits
	 * @throws InvalidRateLimitedException when an annotation cannot be enforced
	 */
	MethodLimits limits(Method method, Class<?> targetClass) {
		// keyed by the method as called, so that a call finds its limits without looking up the most specific method
		return this.resolved.computeIfAbsent(new MethodClassKey(method, targetClass),
				(key) -> MethodLimits.resolve(AopUtils.getMostSpecificMethod(method, targetClass), targetClass,
						this.enforcers, this.concurrencyLimiters, this.contexts, this.adapters));
	}

	/**
	 * Resolves the limits of the limited methods of a class.
	 * @param type the class of a bean
	 * @param methods its limited methods ({@link LimitedMethods#of})
	 * @throws InvalidRateLimitedException when an annotation cannot be enforced
	 */
	void resolve(Class<?> type, List<Method> methods) {
		for (Method method : methods) {
			limits(method, type);
		}
	}

}
