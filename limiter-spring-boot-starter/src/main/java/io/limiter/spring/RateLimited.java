package io.limiter.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Applies a configured limit to a method (or to the methods that implement it, on an interface), or to every
 * public method of a class. Repeat it to apply several limits; they are taken in order, and permits already taken
 * are not given back when a later one denies, except those of limits that count only some calls (the call did not
 * run). Every annotation of every bean is checked at start-up, which fails naming the method, the attribute and its
 * value when one cannot be enforced (a limit that is not configured, a missing fallback, a method that no Spring
 * proxy sees, ...).
 * <pre>{@code
 * @RateLimited(limit = "quote", key = "#id", fallbackMethod = "cachedQuote")
 * public Quote quote(@PathVariable String id) { ... }
 * }</pre>
 * Without a fallback a denied call throws {@link RateLimitExceededException}, which Spring MVC and WebFlux answer
 * with 429 and a {@code application/problem+json} body.
 * <p>
 * A method that returns {@code Mono}, {@code Flux}, {@code CompletionStage}, {@code CompletableFuture} or another
 * type that Spring's {@code ReactiveAdapterRegistry} adapts ({@code Publisher}, RxJava's types, ...) is limited
 * without blocking: its limits are decided through {@link io.limiter.RateLimiter#tryAcquireAsync} (or
 * {@link io.limiter.RateLimiter#tryAcquireAsync} with a {@link #maxWait()}), at each
 * subscription for a lazy type such as {@code Mono}, {@code Flux} and {@code Publisher} and at the call for the
 * others, and the denial arrives as an error signal or a failed stage (or as the fallback's result). The method
 * itself is called once its limits allowed: on the calling thread when the decisions are known at once, else on the
 * thread that completes the last one. A method that returns a value is decided on the calling thread, and fails at
 * once when that thread must not block (a Netty event loop). A Kotlin suspending function is limited as a method that
 * returns a {@code Mono} is (Spring's AOP calls it as one, with kotlinx-coroutines-reactor on the class path): its
 * coroutine suspends while the limits are decided, and a coroutine cancelled while it waits gives back the permits
 * it reserved.
 */
@Target({ ElementType.METHOD, ElementType.TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Repeatable(RateLimits.class)
public @interface RateLimited {

	/**
	 * The name of a limit under {@code limiter.limits}, or of a concurrency limit under {@code limiter.concurrency}:
	 * then each call holds one permit while it runs, released when the method returns or throws, or when its stage
	 * completes or its {@code Mono} or {@code Flux} completes, fails or is cancelled; such an annotation sets no
	 * {@link #cost()}, {@link #count()} or {@link #countOn()}, and a denied call's exception says to retry after one
	 * second.
	 * @return the limit name
	 */
	String limit();

	/**
	 * A SpEL expression over the method's arguments ({@code #id}, {@code #p0}, {@code #a0}) that gives the
	 * key, and that may call beans ({@code @accounts.tenantOf(#user)}); empty means one key shared by every call of
	 * the method. A call for which it gives {@code null} or blank text is answered as {@link #emptyKey()} says.
	 * @return the key expression
	 */
	String key() default "";

	/**
	 * What a call does when its {@link #key()} gives {@code null} or blank text, such as an absent header or a
	 * user without a tenant: by default it fails ({@link EmptyKey#DENY}), so that such calls never share one key
	 * unnoticed; {@link EmptyKey#SHARE} has them share one key. A method call has no client address, so
	 * {@link EmptyKey#CLIENT_ADDRESS} fails at start-up.
	 * @return what a call without a key does
	 */
	EmptyKey emptyKey() default EmptyKey.DENY;

	/**
	 * The permits one call takes.
	 * @return the cost, from 1 to the limit's capacity
	 */
	long cost() default 1;

	/**
	 * The name of a method of the same class called instead when the limit denies: same parameters,
	 * optionally followed by a {@link RateLimitExceededException}, and a compatible return type. The fallback of a
	 * Kotlin suspending function is a suspending function taking the same parameters, optionally followed by the
	 * exception.
	 * @return the fallback method name, or empty for none
	 */
	String fallbackMethod() default "";

	/**
	 * A SpEL condition over the method's arguments under which this limit does not apply to a call, such as
	 * {@code #user.admin} or {@code @plans.unlimited(#user)} (beans are reachable as {@code @name}); empty for
	 * none. A condition that fails or gives anything but {@code true} does not skip.
	 * @return the condition
	 */
	String skipIf() default "";

	/**
	 * Which calls count against the limit. {@link Count#ALL} takes the permits when a call starts and keeps them;
	 * {@link Count#SUCCESS} and {@link Count#FAILURE} take them when it starts and give them back when it ends
	 * otherwise (for a {@code Mono}, {@code Flux} or stage: when it completes; a cancelled one counts). So a key
	 * never has more calls in flight than it has permits, and the calls that count never exceed the limit.
	 * @return which calls count
	 */
	Count count() default Count.ALL;

	/**
	 * The exceptions (and their subtypes) whose calls count; setting it means {@link Count#FAILURE}, and with
	 * {@code FAILURE} it is empty for every exception.
	 * @return the exception types
	 */
	Class<? extends Throwable>[] countOn() default {};

	/**
	 * How long a call may wait for this limit's permits, as a Spring Boot duration text ({@code "500ms"},
	 * {@code "5s"}, {@code "PT5S"}); empty (the default) or zero for no wait: a call the limit cannot take at once is
	 * denied at once. A call whose permits come within the wait gets them when they come and then runs; one whose
	 * permits would come later is denied at once, without waiting (see
	 * {@link io.limiter.RateLimiter#tryAcquire(String, long, java.time.Duration)}). The wait is counted from the start
	 * of the call, so when several limits apply, a later one waits only for what is left of its {@code maxWait}
	 * after the earlier ones waited. A method that returns a value waits on the calling thread; a thread interrupted
	 * while it waits keeps its interrupt status and the call fails, with an {@link InterruptedException} when the
	 * method declares one, else with an {@link IllegalStateException}, without calling the method. A method that
	 * returns a stage or a reactive type waits without holding any thread, through
	 * {@link io.limiter.RateLimiter#tryAcquireAsync}; a {@code Mono} or {@code Flux} whose subscription is cancelled,
	 * or a returned {@code CompletableFuture} that its caller cancels, while it waits is never called. Either way the permits an abandoned wait had reserved go back to the key. A limit in shadow mode never makes a call wait. Start-up fails
	 * for text that is not a duration, a negative one, and a wait on a concurrency limit, whose permits come back
	 * when calls end, at times no decision can tell.
	 * @return the longest wait for this limit's permits, or empty for none
	 */
	String maxWait() default "";

	/**
	 * Which calls of a method count against its limit.
	 */
	enum Count {

		/** Every call, when it starts. */
		ALL,

		/** Calls that return normally (or complete with a value or empty). */
		SUCCESS,

		/** Calls that throw (or complete with an error) one of {@link RateLimited#countOn()}, or any exception. */
		FAILURE

	}

}
