package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.reflect.MethodSignature;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.MethodClassKey;
import org.springframework.core.Ordered;

import io.limiter.spring.RateLimited;
import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.LimitEnforcers;

/**
 * Enforces {@link RateLimited} on methods and classes. The limits of each method are resolved once, on its
 * first call; a limit name or fallback method that does not exist fails that call with a message naming it.
 */
@Aspect
public final class RateLimitedAspect implements Ordered {

	private final LimitEnforcers enforcers;

	private final int order;

	private final ExpressionContexts contexts;

	private final Map<MethodClassKey, MethodLimits> methods = new ConcurrentHashMap<>();

	/**
	 * Creates the aspect.
	 * @param enforcers the limits
	 * @param order the aspect's order among the advice of a method (lower runs first, outside)
	 * @param contexts makes the beans reachable from keys and conditions
	 */
	public RateLimitedAspect(LimitEnforcers enforcers, int order, ExpressionContexts contexts) {
		this.enforcers = enforcers;
		this.order = order;
		this.contexts = contexts;
	}

	/**
	 * Enforces the limits of a method before it runs.
	 * @param joinPoint the call
	 * @return the method's result, or its fallback's
	 * @throws Throwable what the method or its fallback throws, or a
	 * {@link io.limiter.spring.RateLimitExceededException} when a limit denies and there is no fallback
	 */
	@Around("@annotation(io.limiter.spring.RateLimited) || @annotation(io.limiter.spring.RateLimits) "
			+ "|| @within(io.limiter.spring.RateLimited) || @within(io.limiter.spring.RateLimits)")
	public Object enforce(ProceedingJoinPoint joinPoint) throws Throwable {
		Method method = ((MethodSignature) joinPoint.getSignature()).getMethod();
		Object target = joinPoint.getTarget();
		Class<?> targetClass = (target != null) ? AopUtils.getTargetClass(target) : method.getDeclaringClass();
		MethodLimits limits = this.methods.computeIfAbsent(new MethodClassKey(method, targetClass),
				(key) -> MethodLimits.resolve(method, targetClass, this.enforcers, this.contexts));
		return limits.invoke(joinPoint, target);
	}

	@Override
	public int getOrder() {
		return this.order;
	}

}
