package io.limiter.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Applies a configured limit to a method, or to every public method of a class. Repeat it to apply several
 * limits; they are taken in order, and permits already taken are not given back when a later one denies.
 * <pre>{@code
 * @RateLimited(limit = "quote", key = "#id", fallbackMethod = "cachedQuote")
 * public Quote quote(@PathVariable String id) { ... }
 * }</pre>
 * Without a fallback a denied call throws {@link RateLimitExceededException}, which Spring MVC and WebFlux answer
 * with 429 and a {@code application/problem+json} body.
 * <p>
 * A method that returns {@code Mono}, {@code Flux}, {@code CompletionStage} or {@code CompletableFuture} is
 * limited without blocking: its limits are decided through {@link io.limiter.RateLimiter#tryAcquireAsync}, at
 * each subscription for {@code Mono} and {@code Flux} and at the call for the others, and the denial arrives as
 * an error signal or a failed stage (or as the fallback's result). The method itself is called once its limits
 * allowed: on the calling thread when the decisions are known at once, else on the thread that completes the
 * last one.
 */
@Target({ ElementType.METHOD, ElementType.TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(RateLimits.class)
public @interface RateLimited {

	/**
	 * The name of a limit under {@code limiter.limits}.
	 * @return the limit name
	 */
	String limit();

	/**
	 * A SpEL expression over the method's arguments ({@code #id}, {@code #p0}, {@code #a0}) that gives the
	 * key; empty means one key shared by every call of the method.
	 * @return the key expression
	 */
	String key() default "";

	/**
	 * The permits one call takes.
	 * @return the cost, from 1 to the limit's capacity
	 */
	long cost() default 1;

	/**
	 * The name of a method of the same class called instead when the limit denies: same parameters,
	 * optionally followed by a {@link RateLimitExceededException}, and a compatible return type.
	 * @return the fallback method name, or empty for none
	 */
	String fallbackMethod() default "";

}
